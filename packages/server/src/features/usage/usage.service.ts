import path from "node:path";
import type { Usage } from "@scriptorium/shared";
import type { Storage } from "../../storage/storage.js";
import type { ScopedUser, UserFs } from "../../storage/user-fs.js";
import type { ScopeSizes } from "./scope-sizes.js";

/**
 * GET /api/usage{path} (API.md §10.1, with the change of issue 31): a file answers zeros; a
 * folder answers, for a user whose scope is the whole files root, the volume's statistics as
 * File Browser does, and for a user with a narrower scope the scope's own use: `used` the bytes
 * of the files below the scope, `total` those plus the space still free on the volume. Users
 * have no quota, so nothing else bounds them. The path goes through the storage gate like every
 * file route.
 */
export function createUsageService(deps: { storage: Storage; sizes: ScopeSizes }) {
  const serverRoot = path.resolve(deps.storage.root);
  return {
    async usageOf(user: ScopedUser, requestPath: string): Promise<Usage> {
      const fs: UserFs = await deps.storage.forUser(user);
      const target = await fs.resolve(requestPath);
      const info = await fs.stat(target.abs);
      if (!info.isDirectory()) return { total: 0, used: 0 };
      const vol = await fs.statfs(target.abs);
      if (path.resolve(fs.root) === serverRoot) {
        return { total: vol.blocks * vol.bsize, used: (vol.blocks - vol.bfree) * vol.bsize };
      }
      const used = await deps.sizes.sizeOf(fs.root);
      return { total: used + vol.bavail * vol.bsize, used };
    },
  };
}

export type UsageService = ReturnType<typeof createUsageService>;
