import type { TokenClaims } from "@scriptorium/shared";

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Decodes the payload of a session token without verifying it (the server verifies; the UI
 * only needs the user object). Returns null for anything that is not a well-formed token
 * carrying a user with a numeric id.
 */
export function decodeTokenClaims(jwt: string): TokenClaims | null {
  const parts = jwt.split(".");
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    if (typeof payload !== "object" || payload === null) return null;
    const user = (payload as { user?: unknown }).user;
    if (typeof user !== "object" || user === null) return null;
    if (typeof (user as { id?: unknown }).id !== "number") return null;
    return payload as TokenClaims;
  } catch {
    return null;
  }
}

/** True when the token's exp (seconds) has passed. Tokens without exp never expire here. */
export function isExpired(claims: TokenClaims, nowMs = Date.now()): boolean {
  return typeof claims.exp === "number" && claims.exp * 1000 <= nowMs;
}
