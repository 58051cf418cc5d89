import { lstat } from "node:fs/promises";
import { isStrictlyWithin } from "@scriptorium/shared";
import { AppError, badRequest, conflict, forbidden, fromErrno, notFound } from "../../errors.js";
import type { FileEvents } from "../../storage/events.js";
import type { ResourcesService } from "../resources/resources.service.js";
import type { UserRecord } from "../users/users.store.js";
import type { ExtractService } from "../extract/extract.service.js";
import { copyEntry } from "./copy-tree.js";
import { moveEntry, type RenameFn } from "./move.js";
import { versionedName } from "./versioned-name.js";

export interface PatchQuery {
  action?: string;
  destination?: string;
  override?: string;
  rename?: string;
}

/** The destination arrives encoded twice (API.md §2.9): decode the second layer here. */
export function decodeDestination(raw: string | undefined): string {
  if (!raw) throw badRequest("The destination is missing");
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    throw badRequest("The destination is not a valid encoded path");
  }
}

const exists = (abs: string) =>
  lstat(abs).then(
    () => true,
    () => false,
  );

/** PATCH copy and rename (move) inside a user's scope: checks of API.md §2.9, atomic results. */
export function createOrganiseService(deps: {
  resources: ResourcesService;
  events: FileEvents;
  /** For tests of the cross-device fallback. */
  rename?: RenameFn;
  /** `action=unzip` is handed to the extraction feature. */
  extract?: ExtractService;
}) {
  return {
    async patch(user: UserRecord, requestPath: string, query: PatchQuery): Promise<void> {
      const action = query.action ?? "";
      if (action === "unzip" && deps.extract) return deps.extract.unzip(user, requestPath, query);
      if (action !== "copy" && action !== "rename") {
        throw badRequest(`Unsupported action "${action}"`);
      }
      const override = query.override === "true";
      const versioned = query.rename === "true";
      if (action === "copy" && !user.perm.create) throw forbidden("You may not copy files");
      if (action === "rename" && !user.perm.rename)
        throw forbidden("You may not move or rename files");
      if (override && !user.perm.modify) throw forbidden("You may not overwrite files");

      const fs = await deps.resources.userFs(user);
      const src = await fs.resolve(requestPath, { followLink: action === "copy" });
      let dst = await fs.resolve(decodeDestination(query.destination), { followLink: false });
      if (src.path === "/" || dst.path === "/")
        throw forbidden("The root of your files cannot be moved or copied");
      const same = src.path === dst.path;
      if (isStrictlyWithin(src.path, dst.path)) {
        throw badRequest(
          "A folder cannot be copied or moved into itself or one of its own folders",
          "INTO_ITSELF",
        );
      }
      if (!(await exists(src.abs))) throw notFound("No such file or folder");
      if (same && !versioned) {
        if (action === "copy") throw badRequest("A file cannot be copied onto itself");
        return; // moving onto itself changes nothing
      }
      if (versioned) {
        // The name is kept when it is free; otherwise the first free name(N).ext (API.md §2.9).
        let candidate = dst.path;
        for (
          let n = 1;
          await exists((await fs.resolve(candidate, { followLink: false })).abs);
          n++
        ) {
          candidate = versionedName(dst.path, n);
        }
        dst = await fs.resolve(candidate, { followLink: false });
      } else if (!override && (await exists(dst.abs))) {
        throw conflict("The destination already exists");
      }

      try {
        if (action === "copy") await copyEntry(fs, src.abs, src.path, dst.abs, override);
        else await moveEntry(fs, src.abs, src.path, dst.abs, override, deps.rename);
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw fromErrno(err) ?? err;
      }
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
