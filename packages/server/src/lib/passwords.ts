import { createRequire } from "node:module";
import type * as Argon2 from "@node-rs/argon2";

// Algorithm.Argon2id; the const enum cannot be imported under verbatimModuleSyntax.
const ARGON2 = { algorithm: 2 } as const;

/**
 * The native Argon2 binding, loaded at its first use (it is not needed to start). Required, not
 * imported: its entry is a 29 KB CommonJS file, and an ES module's import of one runs Node's
 * CommonJS export lexer over it; that loop was hot enough for V8 to optimise it with TurboFan
 * at the first login, which left the idle server ~10 MiB larger (the compiler's code paged in,
 * its memory kept by malloc) in 3 starts of 4.
 */
let argon2: Promise<typeof Argon2> | undefined;
const loadArgon2 = () =>
  (argon2 ??= Promise.resolve().then(
    () => createRequire(import.meta.url)("@node-rs/argon2") as typeof Argon2,
  ));

/** bcryptjs, for hashes imported from File Browser only: loaded at the first one. */
const loadBcrypt = () => import("bcryptjs").then((m) => m.default);

export async function hashPassword(password: string): Promise<string> {
  return (await loadArgon2()).hash(password, ARGON2);
}

/** True for bcrypt hashes, as File Browser stores them. */
export function isBcryptHash(stored: string): boolean {
  return /^\$2[aby]\$\d{2}\$/.test(stored);
}

/**
 * Checks a password against an Argon2id or (imported) bcrypt hash.
 * `needsRehash` asks the caller to store a fresh Argon2id hash after a successful bcrypt match.
 */
export async function verifyPassword(
  stored: string,
  password: string,
): Promise<{ ok: boolean; needsRehash: boolean }> {
  if (isBcryptHash(stored)) {
    const ok = await (await loadBcrypt()).compare(password, stored);
    return { ok, needsRehash: ok };
  }
  try {
    return { ok: await (await loadArgon2()).verify(stored, password), needsRehash: false };
  } catch {
    return { ok: false, needsRehash: false };
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real verification, so unknown users and wrong passwords look alike. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password-for-timing-only");
  const { verify } = await loadArgon2();
  await verify(await dummyHash, password).catch(() => false);
}
