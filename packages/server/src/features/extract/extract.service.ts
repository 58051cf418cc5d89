import path from "node:path";
import type { Readable } from "node:stream";
import { AppError, badRequest, conflict, forbidden, fromErrno } from "../../errors.js";
import { tempNameFor } from "../../storage/atomic-write.js";
import type { FileEvents } from "../../storage/events.js";
import { decodeDestination, type PatchQuery } from "../../lib/route-params.js";
import { refuseReservedNames } from "../../lib/reserved-names.js";
import type { Storage } from "../../storage/storage.js";
import type { UserRecord } from "../users/users.store.js";
import { archiveKind, type ArchiveKind } from "./formats.js";
import {
  createTracker,
  DEFAULT_EXTRACT_LIMITS,
  refused,
  type ExtractLimits,
  type Tracker,
} from "../../storage/extraction/policy.js";
import type { Precheck } from "./readers.js";
import {
  createStaging,
  existingIn,
  placeInto,
  type Staging,
} from "../../storage/extraction/staging.js";
import { fdPath } from "../../storage/descriptor.js";
import { ownStreamOfHandle } from "../../storage/file-ops.js";

/**
 * Reads the archive into the staging folder. zip and rar libraries open the file by a path
 * themselves: they get the path of the descriptor storage opened and checked (`/proc/self/fd/N`,
 * the same file whatever its name leads to now); tar and single files are read as a stream of
 * that descriptor. The readers (tar-stream, yauzl, the codecs, RAR's) load at the first
 * extraction: an idle server keeps none of them (lazy chunks of the bundle).
 */
async function readArchive(
  kind: ArchiveKind,
  file: string,
  open: () => Readable,
  staging: Staging,
  tracker: Tracker,
  precheck: Precheck,
): Promise<void> {
  if (kind.kind === "rar") {
    const { extractRar } = await import("./rar-reader.js");
    return extractRar(file, staging, tracker, precheck);
  }
  const { extractSingle, extractTar, extractZip } = await import("./readers.js");
  switch (kind.kind) {
    case "zip":
      return extractZip(file, staging, tracker, precheck);
    case "tar":
      return extractTar(open, kind.compression, staging, tracker);
    case "single":
      return extractSingle(open, kind.compression, kind.output, staging, precheck);
  }
}

/** Errors of our checks pass through; filesystem errors keep their status; the rest is a damaged archive (400). */
function asApiError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const errno = fromErrno(err);
  if (errno) return errno;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOSPC" || code === "EIO" || code === "EMFILE") return err;
  // The library's text names the entry at fault; any absolute path in it is cut out.
  const detail = String((err as Error | undefined)?.message ?? "")
    .replace(/(^|[\s'"(])\/[^\s'")]*/g, "$1…")
    .slice(0, 200);
  return refused(`it is damaged or cannot be read${detail ? ` (${detail})` : ""}`);
}

/** The permissions of an extraction, checked before its hooks run (and again by `unzip`). */
export function authorizeUnzip(user: UserRecord, query: PatchQuery): void {
  if (!user.perm.unzip) throw forbidden("You may not extract archives");
  if (query.override === "true" && !user.perm.modify)
    throw forbidden("You may not overwrite files");
}

/**
 * PATCH ?action=unzip (API.md §2.9 and Part A §8): extracts an archive into the parent folder
 * of `destination`, all or nothing. Everything goes into a hidden staging folder next to the
 * results; conflicts with existing names are 409 (unless `override`, which needs modify too);
 * unsafe entries and archive bombs are 400; then the staged entries are renamed into place. The
 * staging folder is removed whatever happens.
 */
export function createExtractService(deps: {
  storage: Storage;
  events: FileEvents;
  limits?: Partial<ExtractLimits>;
}) {
  const limits: ExtractLimits = { ...DEFAULT_EXTRACT_LIMITS, ...deps.limits };
  return {
    async unzip(user: UserRecord, requestPath: string, query: PatchQuery): Promise<void> {
      authorizeUnzip(user, query);
      const override = query.override === "true";
      const fs = await deps.storage.forUser(user);
      const src = await fs.resolve(requestPath);
      const dst = await fs.resolve(decodeDestination(query.destination), { followLink: false });
      const target = await fs.resolve(path.posix.dirname(dst.path));
      refuseReservedNames(target.path);
      const info = await fs.stat(src.abs);
      if (!info.isFile()) throw badRequest("Only files can be extracted");
      const kind = archiveKind(path.posix.basename(src.path));
      // A missing destination folder is made only once the archive is fully staged (so a crash
      // leaves no empty folder behind), and removed again if placing fails.
      let created: string | undefined; // the topmost folder this extraction makes
      for (let p = target.abs; !(await fs.exists(p)); p = path.dirname(p)) created = p;
      const stageIn = created ? path.dirname(created) : target.abs;
      if (!(await fs.stat(stageIn)).isDirectory())
        throw badRequest("The destination is not a folder");

      const stagingDir = tempNameFor(path.join(stageIn, path.basename(src.abs)));
      const archive = await fs.openRead(src.abs);
      try {
        await fs.mkdir(stagingDir, false);
        const stagingFolder = await fs.pin(stagingDir, { follow: false, dir: true });
        try {
          const tracker = createTracker(limits, info.size);
          const allowed = (rel: string) => fs.allowed(path.posix.join(target.path, rel));
          const staging = createStaging(stagingFolder, tracker, allowed);
          const checkConflicts = async (names: string[]) => {
            if (override) return;
            // The destination folder opened once, each name looked up inside it.
            const dest = await fs
              .pin(target.abs, { follow: true, dir: true })
              .catch(() => undefined);
            if (!dest) return; // not made yet: nothing there to clash with
            try {
              const clash = await existingIn(dest, names);
              if (clash.length > 0)
                throw conflict(`"${clash[0]}" already exists in the destination`);
            } finally {
              await dest.close();
            }
          };
          try {
            await readArchive(
              kind,
              fdPath(archive.fd),
              () => ownStreamOfHandle(archive),
              staging,
              tracker,
              checkConflicts,
            );
            await staging.finish();
          } finally {
            await staging.close();
          }
          await checkConflicts(await fs.readdir(stagingDir));
          await fs.mkdir(target.abs);
          const dest = await fs.pin(target.abs, { follow: true, dir: true });
          try {
            await placeInto(stagingFolder, dest, override, fs.versions);
          } finally {
            await dest.close();
          }
        } finally {
          await stagingFolder.close();
        }
      } catch (err) {
        if (created) await fs.remove(created, { force: true });
        throw asApiError(err);
      } finally {
        await archive.close();
        await fs.remove(stagingDir, { force: true });
      }
      deps.events.emit({ type: "extracted", userId: user.id, abs: src.abs, to: target.abs });
    },
  };
}

export type ExtractService = ReturnType<typeof createExtractService>;
