import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/**
 * A read-only grant to one folder (and what is below it) of one user's scope, for one session,
 * until `expiresAt`. It travels in the URL path of inline pages (API.md Part A §11).
 */
export interface Capability {
  userId: number;
  sessionId: string;
  /** Normalised user path of the folder, e.g. "/editions/liber1" or "/". */
  folder: string;
  /** Unix seconds. */
  expiresAt: number;
  /**
   * The client the link was made for (a digest of its address): a copied URL sent elsewhere by
   * a script of the page does not work from another address.
   */
  client: string;
  /**
   * A reading view (a share page's view of m2hv's pages, issue 31): its pages are served with
   * a CSP that forbids scripts.
   */
  noScripts?: boolean;
}

/** The digest of a client address that a capability carries (never the address itself). */
export function clientTag(address: string): string {
  return createHash("sha256")
    .update(`inline:${address}`)
    .digest()
    .subarray(0, 12)
    .toString("base64url");
}

/** Derived from the per-install secret, so capabilities and session JWTs never share a key. */
export function capabilityKey(secret: Uint8Array): Buffer {
  return createHmac("sha256", secret).update("scriptorium inline capability v1").digest();
}

const mac = (key: Uint8Array, body: string) =>
  createHmac("sha256", key).update(body).digest().subarray(0, 24);

/** `<base64url JSON>.<base64url HMAC-SHA256, 192 bits>`: URL-path safe, no dots in either part. */
export function signCapability(key: Uint8Array, cap: Capability): string {
  const body = Buffer.from(
    JSON.stringify({
      u: cap.userId,
      s: cap.sessionId,
      f: cap.folder,
      e: cap.expiresAt,
      c: cap.client,
      ...(cap.noScripts && { n: 1 }),
    }),
  ).toString("base64url");
  return `${body}.${mac(key, body).toString("base64url")}`;
}

/** The capability of a token whose signature is valid and which has not expired. */
export function verifyCapability(
  key: Uint8Array,
  token: string,
  nowSeconds: number,
): Capability | "expired" | undefined {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return undefined;
  const given = Buffer.from(signature, "base64url");
  const expected = mac(key, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  const c = claims as {
    u?: unknown;
    s?: unknown;
    f?: unknown;
    e?: unknown;
    c?: unknown;
    n?: unknown;
  };
  if (
    typeof c.u !== "number" ||
    typeof c.s !== "string" ||
    typeof c.f !== "string" ||
    typeof c.e !== "number" ||
    typeof c.c !== "string"
  ) {
    return undefined;
  }
  if (c.e <= nowSeconds) return "expired";
  return {
    userId: c.u,
    sessionId: c.s,
    folder: c.f,
    expiresAt: c.e,
    client: c.c,
    ...(c.n === 1 && { noScripts: true }),
  };
}
