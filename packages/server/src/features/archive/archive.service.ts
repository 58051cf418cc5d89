import path from "node:path";
import type { Readable } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import { normalizeRequestPath } from "../../lib/safe-path.js";
import type { DownloadTarget } from "../downloads/downloads.service.js";
import { archiveFormat, archiveName, commonDir, parseFiles } from "./selection.js";
import { walkSelection, type SelectedItem } from "../../storage/walk.js";

/** An archive ready to stream: the checks are done, `open()` starts the walk. */
export interface ArchiveDownload {
  name: string;
  contentType: string;
  open(): Readable;
}

export interface ArchiveQuery {
  files?: string;
  algo?: string;
}

/** True when a raw download asks for an archive: a folder, or a `files` selection. */
export function wantsArchive(target: DownloadTarget, query: ArchiveQuery): boolean {
  return target.stats.isDirectory() || parseFiles(query.files).length > 0;
}

/**
 * Folder and selection downloads (API.md §3.3). Everything that can fail with a status — the
 * format, each selected path (normalised under the request path, then through user-fs: rules,
 * hidden files, scope, existence) — is checked before the first byte is sent.
 */
export async function prepareArchive(
  target: DownloadTarget,
  query: ArchiveQuery,
  log: FastifyBaseLogger,
): Promise<ArchiveDownload> {
  const format = archiveFormat(query.algo);
  const base = target.resolved.path;
  const requested = parseFiles(query.files).map((entry) =>
    path.posix.join(base, normalizeRequestPath("/" + entry).path),
  );
  const paths = requested.length > 0 ? requested : [base];
  const resolved = [];
  for (const userPath of paths) {
    const item = await target.fs.resolve(userPath);
    const info = await target.fs.stat(item.abs);
    resolved.push({ userPath: item.path, abs: item.abs, isFile: info.isFile() });
  }
  const common = commonDir(resolved.map((r) => r.userPath));
  const items: SelectedItem[] = resolved.map((r) => {
    const relative = path.posix.relative(common, r.userPath);
    const name = relative === "" && r.isFile ? path.posix.basename(r.userPath) : relative;
    return { userPath: r.userPath, abs: r.abs, name: name.replace(/\\/g, "_") };
  });
  // The writers, the codecs and tar-stream load at the first archive: an idle server keeps
  // none of them (lazy chunks of the bundle).
  const { archiveStream, loadCodecs } = await import("./writers.js");
  if (format.compression) await loadCodecs(format.compression);
  return {
    name: archiveName(common, target.name, paths.length, format),
    contentType: format.contentType,
    open: () =>
      archiveStream(
        format,
        walkSelection(target.fs, items, log),
        (abs) => target.fs.openRead(abs),
        log,
      ),
  };
}
