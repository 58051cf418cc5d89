import path from "node:path";
import { forbidden } from "../../errors.js";
import type { BigIntStats } from "../../storage/file-ops.js";
import type { ResolvedPath, UserFs } from "../../storage/user-fs.js";
import type { UserRecord } from "../users/users.store.js";
import { contentTypeOf } from "./content-headers.js";
import { bufferPayload, openFilePayload, type Payload } from "./payload.js";

/** A path of the user's scope that may be downloaded, with the stats of what it points to. */
export interface DownloadTarget {
  fs: UserFs;
  resolved: ResolvedPath;
  /** Base name; the scope folder's name for the root. */
  name: string;
  stats: BigIntStats;
}

/** A file ready to send. */
export interface FileDownload {
  name: string;
  contentType: string;
  payload: Payload;
}

/**
 * Downloads: the download permission, the user-fs gate (normalisation, rules, scope, links),
 * then the file opened for streaming. Raw, inline, preview and subtitle routes build on it.
 */
export function createDownloadService(deps: { userFs: (user: UserRecord) => Promise<UserFs> }) {
  /** Checks the download permission and resolves a request path (403/404 as API.md §3.1). */
  async function locate(user: UserRecord, requestPath: string): Promise<DownloadTarget> {
    if (!user.perm.download) throw forbidden("You do not have permission to download files");
    const fs = await deps.userFs(user);
    const resolved = await fs.resolve(requestPath);
    const stats = await fs.statBig(resolved.abs);
    const name =
      resolved.path === "/" ? path.basename(fs.root) : path.posix.basename(resolved.path);
    return { fs, resolved, name, stats };
  }

  /** Opens a located file; pipes, sockets and devices are sent empty (API.md §3.1). */
  async function openTarget(target: DownloadTarget): Promise<FileDownload> {
    if (!target.stats.isFile()) {
      return {
        name: target.name,
        contentType: "application/octet-stream",
        payload: bufferPayload(new Uint8Array(), Number(target.stats.mtimeMs)),
      };
    }
    const payload = await openFilePayload(await target.fs.openRead(target.resolved.abs));
    try {
      return { name: target.name, contentType: await contentTypeOf(target.name, payload), payload };
    } catch (err) {
      await payload.release();
      throw err;
    }
  }

  return {
    locate,
    openTarget,
  };
}

export type DownloadService = ReturnType<typeof createDownloadService>;
