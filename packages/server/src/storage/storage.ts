import { realpath } from "node:fs/promises";
import type { Rule } from "@scriptorium/shared";
import { isInside } from "../lib/safe-path.js";
import { createFileOps, type FileOps } from "./file-ops.js";
import { createUserFs, type ScopedUser, type UserFs } from "./user-fs.js";
import type { VersionHook } from "./version-hook.js";

/**
 * The storage layer of the app: each feature asks it for a user's view of the files (UserFs)
 * and never reaches the filesystem any other way.
 */
export function createStorage(deps: {
  root: string;
  globalRules: () => Promise<readonly Rule[]>;
  /** The version keeper every view's replacing writes go through (none: no versions). */
  versions?: VersionHook;
}) {
  let serverFiles: FileOps | undefined;
  return {
    root: deps.root,
    /**
     * The whole files root, without rules: for the server's own housekeeping of files that
     * belong to no request (abandoned uploads). Link-safe like every view.
     */
    serverFiles(): FileOps {
      serverFiles ??= createFileOps(deps.root, async () => {
        const realRoot = await realpath(deps.root);
        return (real) => isInside(realRoot, real);
      });
      return serverFiles;
    },
    /** The user's files: scope, global then user rules, hidden files, the link policy. */
    async forUser(user: ScopedUser): Promise<UserFs> {
      return createUserFs(deps.root, user, await deps.globalRules(), "/", deps.versions);
    },
    /**
     * The owner's files seen from `base` (a normalised path of the owner's scope, a folder):
     * what a folder share shows. Nothing above `base` is reachable, even through links.
     */
    async forShare(owner: ScopedUser, base: string): Promise<UserFs> {
      return createUserFs(deps.root, owner, await deps.globalRules(), base, deps.versions);
    },
  };
}

export type Storage = ReturnType<typeof createStorage>;
