import { describe, expect, it } from "vitest";
import { decodeTokenClaims, isExpired } from "./jwt";

function b64url(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const user = {
  id: 7,
  username: "Maurolicø",
  locale: "it",
  viewMode: "list",
  singleClick: false,
  perm: { admin: false, create: true },
  commands: [],
  lockPassword: false,
  hideDotfiles: true,
  dateFormat: false,
};

function token(payload: unknown): string {
  return `${b64url({ alg: "HS256", typ: "JWT" })}.${b64url(payload)}.c2lnbmF0dXJl`;
}

describe("decodeTokenClaims", () => {
  it("decodes the base64url payload, including non-ASCII text", () => {
    const claims = decodeTokenClaims(
      token({ user, sid: "s1", iss: "File Browser", exp: 2, iat: 1 }),
    );
    expect(claims?.user.username).toBe("Maurolicø");
    expect(claims?.user.locale).toBe("it");
    expect(claims?.sid).toBe("s1");
  });

  it("rejects malformed tokens", () => {
    expect(decodeTokenClaims("")).toBeNull();
    expect(decodeTokenClaims("a.b")).toBeNull();
    expect(decodeTokenClaims("a.!!!.c")).toBeNull();
    expect(decodeTokenClaims(token("just a string"))).toBeNull();
    expect(decodeTokenClaims(token({ sid: "no user" }))).toBeNull();
    expect(decodeTokenClaims(token({ user: { id: "1" } }))).toBeNull();
  });

  it("handles payloads whose base64 needs padding", () => {
    for (const name of ["a", "ab", "abc", "abcd"]) {
      const claims = decodeTokenClaims(token({ user: { ...user, username: name } }));
      expect(claims?.user.username).toBe(name);
    }
  });
});

describe("isExpired", () => {
  it("compares exp in seconds with now", () => {
    const claims = { user, sid: "s", iss: "x", exp: 100, iat: 1 } as never;
    expect(isExpired(claims, 99_000)).toBe(false);
    expect(isExpired(claims, 100_000)).toBe(true);
  });
});
