import { mkdir } from "node:fs/promises";

/** Creates a user's scope folder (and its parents), private to the server's user. */
export async function createScopeFolder(abs: string): Promise<void> {
  await mkdir(abs, { recursive: true, mode: 0o700 });
}
