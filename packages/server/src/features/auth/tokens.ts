import { webcrypto } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import type { TokenClaims, TokenUser } from "@scriptorium/shared";
import { deepFreeze } from "../../lib/deep-freeze.js";
import type { UserRecord } from "../users/users.store.js";

export const TOKEN_ISSUER = "File Browser";

/** The `user` claim: the fields the web app reads from its token (API.md §1.2). */
export function tokenUser(user: UserRecord): TokenUser {
  return {
    id: user.id,
    username: user.username,
    locale: user.locale,
    viewMode: user.viewMode,
    singleClick: user.singleClick,
    perm: user.perm,
    commands: user.commands,
    lockPassword: user.lockPassword,
    hideDotfiles: user.hideDotfiles,
    dateFormat: user.dateFormat,
  };
}

/**
 * The secret as a WebCrypto key, imported once per secret: jose verifies with WebCrypto and
 * would import a raw or KeyObject secret again at every request.
 */
const keys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();
function keyOf(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey("raw", secret, { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(secret, key);
  }
  return key;
}

/** Signs an HS256 token for a session; `expiresAt` is in milliseconds. */
export async function signToken(
  secret: Uint8Array,
  user: UserRecord,
  sessionId: string,
  expiresAt: number,
): Promise<string> {
  return new SignJWT({ user: tokenUser(user), sid: sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(TOKEN_ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(await keyOf(secret));
}

/** How many verified tokens are remembered per secret (a client sends the same one each time). */
const VERIFIED_TOKENS = 10_000;
const verified = new WeakMap<Uint8Array, Map<string, TokenClaims>>();

/**
 * Verifies signature (HS256 only: `alg: none` and other algorithms are refused), expiry and
 * issue time (never in the future). Returns undefined for any invalid token. A token found valid
 * is remembered with its claims (frozen) until it expires: the same bytes under the same secret
 * verify the same way, so its next requests skip the HMAC. Whether its session still lives is
 * the caller's check, made every time.
 */
export async function verifyToken(
  secret: Uint8Array,
  token: string,
): Promise<TokenClaims | undefined> {
  let known = verified.get(secret);
  const now = Math.floor(Date.now() / 1000);
  const remembered = known?.get(token);
  if (remembered) {
    if (remembered.exp > now) return remembered;
    known!.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), {
      algorithms: ["HS256"],
      issuer: TOKEN_ISSUER,
      requiredClaims: ["exp", "iat", "sid"],
    });
    if (typeof payload.iat !== "number" || payload.iat > now) return undefined;
    if (typeof payload.sid !== "string" || typeof payload.user !== "object") return undefined;
    const claims = deepFreeze(payload as unknown as TokenClaims);
    if (!known) verified.set(secret, (known = new Map<string, TokenClaims>()));
    if (known.size >= VERIFIED_TOKENS) known.clear();
    known.set(token, claims);
    return claims;
  } catch {
    return undefined;
  }
}

/** True when a string has the shape of a JWT (exactly two dots), as File Browser checks. */
export function looksLikeJwt(value: string | undefined): value is string {
  return typeof value === "string" && value.split(".").length === 3;
}
