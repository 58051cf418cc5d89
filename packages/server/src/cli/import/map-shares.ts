import type { NewShare } from "../../features/shares/shares.store.js";
import { isBcryptHash } from "../../lib/passwords.js";
import { normalizeRequestPath } from "../../lib/safe-path.js";
import type { FbShare } from "./fb-records.js";

/** A share to create once its owner has a Scriptorium id. */
export interface PlannedShare {
  fbUserId: number;
  share: Omit<NewShare, "userId">;
}

/** The hash is the link's name in URLs: File Browser's are 8 base64url characters. */
const HASH = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * A File Browser share record as a read link, or why it cannot be imported. The hash is kept so
 * that old links keep working; a bcrypt password hash is kept (the share gate verifies bcrypt);
 * the stored token is not, since ours are signed and short-lived.
 */
export function mapShare(
  fb: FbShare,
  ctx: { ownerImported: boolean; hashTaken: boolean; now: number },
): PlannedShare | { skip: string } {
  if (!HASH.test(fb.hash)) return { skip: "the hash has characters a link cannot carry" };
  if (ctx.hashTaken) return { skip: "a link with this hash exists already" };
  if (!ctx.ownerImported) {
    return { skip: `could not map: its owner (File Browser user ${fb.userID}) is not imported` };
  }
  if (fb.expire !== 0 && fb.expire <= ctx.now) return { skip: "it has expired" };
  if (fb.password_hash !== "" && !isBcryptHash(fb.password_hash)) {
    return { skip: "its password hash is not bcrypt" };
  }
  let path: string;
  try {
    const normal = normalizeRequestPath(fb.path || "/");
    path = normal.trailingSlash ? `${normal.path}/` : normal.path;
  } catch {
    return { skip: "its path is not valid" };
  }
  return {
    fbUserId: fb.userID,
    share: {
      hash: fb.hash,
      path,
      expire: fb.expire,
      ...(fb.password_hash !== "" && { passwordHash: fb.password_hash }),
      mode: "read",
      created: ctx.now,
    },
  };
}
