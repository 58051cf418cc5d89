import { realpath, stat, statfs } from "node:fs/promises";
import path from "node:path";
import type { Usage } from "@scriptorium/shared";
import { badRequest, forbidden, fromErrno } from "../../errors.js";
import { isInside, normalizeRequestPath, scopeRoot } from "../../lib/safe-path.js";
import type { UserRecord } from "../users/users.store.js";

/**
 * Total and used bytes of the filesystem holding `requestPath` (API.md §10.1): a file answers
 * zeros; a path leaving the scope, also through a symlink, is 403.
 */
export async function diskUsage(
  serverRoot: string,
  user: UserRecord,
  requestPath: string,
): Promise<Usage> {
  let normalized: string;
  try {
    normalized = normalizeRequestPath(requestPath).path;
  } catch {
    throw badRequest("Invalid path");
  }
  const scope = scopeRoot(serverRoot, user.scope);
  try {
    const realScope = await realpath(scope);
    const target = await realpath(path.join(scope, normalized));
    if (!isInside(realScope, target))
      throw forbidden("This path is outside your scope", "PATH_OUTSIDE_SCOPE");
    const info = await stat(target);
    if (!info.isDirectory()) return { total: 0, used: 0 };
    const fs = await statfs(target);
    return { total: fs.blocks * fs.bsize, used: (fs.blocks - fs.bfree) * fs.bsize };
  } catch (err) {
    throw fromErrno(err) ?? err;
  }
}
