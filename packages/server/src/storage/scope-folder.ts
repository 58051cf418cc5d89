import { mkdir, realpath } from "node:fs/promises";
import path from "node:path";
import { AppError } from "../errors.js";
import { isInside } from "../lib/safe-path.js";
import { pin, type Pinned } from "./descriptor.js";

/**
 * Creates a user's scope folder `abs` (and its parents below the files root `serverRoot`),
 * private to the server's user. Each folder on the way is made inside the one before it, held
 * open, and checked to be inside the real files root: a link that a program put on the way
 * never makes the server create folders elsewhere.
 */
export async function createScopeFolder(serverRoot: string, abs: string): Promise<void> {
  const top = path.resolve(serverRoot);
  const target = path.resolve(abs);
  if (!isInside(top, target))
    throw new AppError("PATH_OUTSIDE_SCOPE", "A scope lies outside the files folder");
  await mkdir(top, { recursive: true, mode: 0o700 });
  const realTop = await realpath(top);
  const place = (real: string) => isInside(realTop, real);
  let current: Pinned = await pin(top, { follow: true, dir: true }, place);
  try {
    for (const name of path.relative(top, target).split(path.sep).filter(Boolean)) {
      await mkdir(current.child(name), 0o700).catch((err: unknown) => {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      });
      const next = await pin(current.child(name), { follow: true, dir: true }, place);
      await current.close();
      current = next;
    }
  } finally {
    await current.close();
  }
}
