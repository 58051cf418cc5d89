import type { Usage } from "@scriptorium/shared";
import type { UserFs } from "../../storage/user-fs.js";

/**
 * Total and used bytes of the filesystem holding a folder of the user's scope (API.md §10.1);
 * a file answers zeros. The path goes through the storage gate like every file route.
 */
export async function diskUsage(fs: UserFs, requestPath: string): Promise<Usage> {
  const target = await fs.resolve(requestPath);
  const info = await fs.stat(target.abs);
  if (!info.isDirectory()) return { total: 0, used: 0 };
  const vol = await fs.statfs(target.abs);
  return { total: vol.blocks * vol.bsize, used: (vol.blocks - vol.bfree) * vol.bsize };
}
