import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a share token lets a visitor skip the password: a visit, not a week. */
export const SHARE_TOKEN_LIFETIME_S = 2 * 3600;

/** Derived from the per-install secret, so share tokens never share a key with sessions. */
export function shareTokenKey(secret: Uint8Array): Buffer {
  return createHmac("sha256", secret).update("scriptorium share token v1").digest();
}

/**
 * Binds the token to the link and to its password hash: a token of a deleted link, or of a
 * link made again with another password, is worthless.
 */
const mac = (key: Uint8Array, hash: string, passwordHash: string, expires: number) =>
  createHmac("sha256", key).update(`${hash}\n${expires}\n${passwordHash}`).digest().subarray(0, 24);

/** `<expiry seconds>.<base64url HMAC>`: signed, short-lived, never stored (API.md Part A §12). */
export function signShareToken(
  key: Uint8Array,
  hash: string,
  passwordHash: string,
  nowSeconds: number,
): string {
  const expires = nowSeconds + SHARE_TOKEN_LIFETIME_S;
  return `${expires}.${mac(key, hash, passwordHash, expires).toString("base64url")}`;
}

/** True for an unexpired token signed for this link and password. */
export function verifyShareToken(
  key: Uint8Array,
  token: string,
  hash: string,
  passwordHash: string,
  nowSeconds: number,
): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires <= nowSeconds) return false;
  const given = Buffer.from(match[2] ?? "", "base64url");
  const expected = mac(key, hash, passwordHash, expires);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
