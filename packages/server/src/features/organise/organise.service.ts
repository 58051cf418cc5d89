import path from "node:path";
import { isStrictlyWithin, isWithin } from "@scriptorium/shared";
import { badRequest, conflict, forbidden } from "../../errors.js";
import type { FileEvents } from "../../storage/events.js";
import { decodeDestination, type PatchQuery } from "../../lib/route-params.js";
import { refuseReservedNames } from "../../lib/reserved-names.js";
import { copyEntry } from "../../storage/copy-tree.js";
import { moveEntry, type RenameFn } from "../../storage/move.js";
import type { Storage } from "../../storage/storage.js";
import type { ResolvedPath, UserFs } from "../../storage/user-fs.js";
import type { TrashService } from "../trash/trash.service.js";
import type { UserRecord } from "../users/users.store.js";
import { versionedName } from "./versioned-name.js";

/** The permissions of a copy or a move, checked before its hooks run (and again by `patch`). */
export function authorizeOrganise(user: UserRecord, query: PatchQuery): void {
  if (query.action === "copy" && !user.perm.create) throw forbidden("You may not copy files");
  if (query.action === "rename" && !user.perm.rename)
    throw forbidden("You may not move or rename files");
  if (query.override === "true" && !user.perm.modify)
    throw forbidden("You may not overwrite files");
}

/**
 * Before a copy or move replaces an existing destination, that entry goes to the trash. A folder
 * copied or moved onto a folder merges into it (File Browser's way) and stays where it is. A
 * file replaced by a file stays until the rename puts the new one in its place, and becomes a
 * version of it (the name never goes missing), when the settings keep a version of it.
 */
async function replacedToTrash(
  deps: {
    trash?: TrashService;
    events: FileEvents;
    keepsVersion?: (size: number) => Promise<boolean>;
  },
  user: UserRecord,
  fs: UserFs,
  dst: ResolvedPath,
  srcIsDir: boolean,
): Promise<void> {
  const existing = await fs.lstatOrNone(dst.abs);
  if (!existing || !deps.trash || (srcIsDir && existing.isDirectory())) return;
  if (!srcIsDir && existing.isFile() && (await deps.keepsVersion?.(existing.size))) return;
  if (await deps.trash.put(user, fs, dst)) {
    deps.events.emit({ type: "deleted", userId: user.id, abs: dst.abs });
  }
}

/** PATCH copy and rename (move) inside a user's scope: checks of API.md §2.9, atomic results. */
export function createOrganiseService(deps: {
  storage: Storage;
  events: FileEvents;
  /** Where an entry a copy or move replaces goes (none: it is replaced for good). */
  trash?: TrashService;
  /** For tests of the cross-device fallback. */
  rename?: RenameFn;
  /** Whether a replaced file of that size becomes a version (then it skips the trash). */
  keepsVersion?: (size: number) => Promise<boolean>;
}) {
  return {
    async patch(user: UserRecord, requestPath: string, query: PatchQuery): Promise<void> {
      const action = query.action;
      if (action !== "copy" && action !== "rename") {
        throw badRequest(`Unsupported action "${action ?? ""}"`);
      }
      const override = query.override === "true";
      const versioned = query.rename === "true";
      authorizeOrganise(user, query);

      const fs = await deps.storage.forUser(user);
      const src = await fs.resolve(requestPath, { followLink: action === "copy" });
      let dst = await fs.resolve(decodeDestination(query.destination), { followLink: false });
      refuseReservedNames(dst.path);
      if (src.path === "/" || dst.path === "/")
        throw forbidden("The root of your files cannot be moved or copied");
      const same = src.path === dst.path;
      const intoItself = () =>
        badRequest(
          "A folder cannot be copied or moved into itself or one of its own folders",
          "INTO_ITSELF",
        );
      if (isStrictlyWithin(src.path, dst.path)) throw intoItself();
      const srcInfo = await fs.lstat(src.abs); // 404 when missing
      // A copy follows a link to a folder; a move moves the link itself.
      const isDir =
        action === "copy" ? (await fs.stat(src.abs)).isDirectory() : srcInfo.isDirectory();
      // The same through links: a destination whose real folder lies inside the real source.
      if (isDir && isWithin(await fs.realOf(src.abs), await fs.realOf(path.dirname(dst.abs)))) {
        throw intoItself();
      }
      if (same && !versioned) {
        if (action === "copy") throw badRequest("A file cannot be copied onto itself");
        return; // moving onto itself changes nothing
      }
      if (versioned) {
        // The name is kept when it is free; otherwise the first free name(N).ext (API.md §2.9).
        let candidate = dst.path;
        for (
          let n = 1;
          await fs.exists((await fs.resolve(candidate, { followLink: false })).abs);
          n++
        ) {
          candidate = versionedName(dst.path, n);
        }
        dst = await fs.resolve(candidate, { followLink: false });
      } else if (!override && (await fs.exists(dst.abs))) {
        throw conflict("The destination already exists");
      }

      if (action === "rename" && isDir) {
        await fs.assertNothingDeniedBelow(src.path, src.abs);
      }
      if (override && !versioned) await replacedToTrash(deps, user, fs, dst, isDir);
      // Filesystem errors become API errors in the one error handler.
      if (action === "copy") await copyEntry(fs, src.abs, src.path, dst.abs, override);
      else await moveEntry(fs, src.abs, src.path, dst.abs, override, deps.rename);
      deps.events.emit({
        type: action === "copy" ? "copied" : "moved",
        userId: user.id,
        abs: src.abs,
        to: dst.abs,
      });
    },
  };
}

export type OrganiseService = ReturnType<typeof createOrganiseService>;
