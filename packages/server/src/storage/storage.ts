import type { Rule } from "@scriptorium/shared";
import { createUserFs, type ScopedUser, type UserFs } from "./user-fs.js";

/**
 * The storage layer of the app: each feature asks it for a user's view of the files (UserFs)
 * and never reaches the filesystem any other way.
 */
export function createStorage(deps: { root: string; globalRules: () => Promise<readonly Rule[]> }) {
  return {
    root: deps.root,
    /** The user's files: scope, global then user rules, hidden files, the link policy. */
    async forUser(user: ScopedUser): Promise<UserFs> {
      return createUserFs(deps.root, user, await deps.globalRules());
    },
    /**
     * The owner's files seen from `base` (a normalised path of the owner's scope, a folder):
     * what a folder share shows. Nothing above `base` is reachable, even through links.
     */
    async forShare(owner: ScopedUser, base: string): Promise<UserFs> {
      return createUserFs(deps.root, owner, await deps.globalRules(), base);
    },
  };
}

export type Storage = ReturnType<typeof createStorage>;
