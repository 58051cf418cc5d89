import { hash, verify } from "@node-rs/argon2";
import bcrypt from "bcryptjs";

// Algorithm.Argon2id; the const enum cannot be imported under verbatimModuleSyntax.
const ARGON2 = { algorithm: 2 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
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
    const ok = await bcrypt.compare(password, stored);
    return { ok, needsRehash: ok };
  }
  try {
    return { ok: await verify(stored, password), needsRehash: false };
  } catch {
    return { ok: false, needsRehash: false };
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real verification, so unknown users and wrong passwords look alike. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-password-for-timing-only");
  await verify(await dummyHash, password).catch(() => false);
}
