import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectSafe, startTarget, type SendOptions, type Target } from "../test/attack-target.js";

/**
 * Oversized and malformed requests (API.md Part A §2, §3): bodies too large, JSON that does not
 * parse or has the wrong shape, prototype pollution, odd URLs, ranges and headers. Each is a
 * 4xx with our error body, never a 5xx, and the process is not polluted.
 */
let target: Target;

beforeAll(async () => {
  target = await startTarget();
});
afterAll(() => target.close());

const MIB = 1024 * 1024;
const JSON_ROUTES: [string, string, string][] = [
  ["login", "POST", "/api/login"],
  ["own user", "PUT", "/api/users/2"],
  ["settings (admin)", "PUT", "/api/settings"],
  ["signup", "POST", "/api/signup"],
];

function call(user: string | undefined, method: string, url: string, opts: SendOptions = {}) {
  return target.as(user, url, { method, ...opts });
}
const userOf = (url: string) => (url.includes("settings") ? "admin" : "ada");

describe("oversized JSON bodies", () => {
  for (const [name, method, url] of JSON_ROUTES) {
    it(`${name}: a 2 MiB body is 413`, async () => {
      const body = JSON.stringify({ what: "user", pad: "x".repeat(2 * MIB) });
      const res = await call(userOf(url), method, url, { body });
      expectSafe(target, res, name);
      expect(res.status).toBe(413);
    });
  }
});

describe("malformed JSON", () => {
  const bodies = [
    "{",
    "[",
    "nul",
    '{"what":',
    '{"what":"user",}',
    "\u0000",
    "'single quotes'",
    "[".repeat(100_000),
    '{"a":'.repeat(50_000),
  ];
  for (const [name, method, url] of JSON_ROUTES) {
    for (const body of bodies) {
      it(`${name}: ${JSON.stringify(body.slice(0, 20))}`, async () => {
        const res = await call(userOf(url), method, url, { body });
        expectSafe(target, res, body.slice(0, 20));
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).not.toBe(401);
      });
    }
    it(`${name}: invalid UTF-8`, async () => {
      const body = Buffer.concat([
        Buffer.from('{"username":"'),
        Buffer.from([0xc3, 0x28, 0xff]),
        Buffer.from('"}'),
      ]);
      const res = await call(userOf(url), method, url, { body });
      expectSafe(target, res, "utf-8");
    });
  }
});

describe("well-formed JSON of the wrong shape", () => {
  const shapes: unknown[] = [
    null,
    [],
    "user",
    42,
    { what: 1 },
    { what: "user", which: "password", data: { id: 2, password: "x".repeat(20) } },
    { what: "user", which: ["locale"], data: null },
    { what: "user", which: ["locale"], data: [] },
    { what: "user", which: ["locale"], data: { id: "two", locale: "it" } },
    { what: "user", which: ["locale"], data: { id: 2, locale: { $gt: "" } } },
    { what: "user", which: ["sorting"], data: { id: 2, sorting: { by: "evil", asc: "yes" } } },
    { what: "user", which: ["viewMode"], data: { id: 2, viewMode: "<script>" } },
    { what: "user", which: ["locale"], data: { id: 1e308, locale: "it" } },
    { what: "user", which: ["locale"], data: { id: -2, locale: "it" } },
    { what: "user", which: ["toString"], data: { id: 2 } },
    { what: "user", which: ["__proto__"], data: { id: 2, __proto__: { admin: true } } },
  ];
  for (const shape of shapes) {
    it(`PUT /api/users/2 ${JSON.stringify(shape).slice(0, 60)}`, async () => {
      const res = await call("ada", "PUT", "/api/users/2", { body: JSON.stringify(shape) });
      expectSafe(target, res, "shape");
      expect(res.status).toBeGreaterThanOrEqual(400);
    });
  }

  it("a which of 100,000 names is answered at once", async () => {
    const which = Array.from({ length: 100_000 }, () => "locale");
    const started = Date.now();
    const body = JSON.stringify({ what: "user", which, data: { id: 2, locale: "it" } });
    const res = await call("ada", "PUT", "/api/users/2", { body });
    expectSafe(target, res, "long which");
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("prototype pollution reaches neither the process nor the user", async () => {
    const bodies = [
      '{"__proto__":{"polluted":true,"admin":true},"what":"user","which":["locale"],"data":{"id":2,"locale":"it"}}',
      '{"constructor":{"prototype":{"polluted":true}},"what":"user","which":["locale"],"data":{"id":2,"locale":"it"}}',
      '{"what":"user","which":["perm"],"data":{"id":2,"perm":{"__proto__":{"admin":true}}}}',
    ];
    for (const body of bodies) {
      const res = await call("ada", "PUT", "/api/users/2", { body });
      expectSafe(target, res, body);
    }
    const settings = '{"__proto__":{"polluted":true},"signup":false}';
    expectSafe(target, await call("admin", "PUT", "/api/settings", { body: settings }), "settings");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    const me = await target.as("ada", "/api/settings");
    expect(me.status).toBe(403);
  });
});

describe("odd URLs, queries and headers", () => {
  const urls = [
    `/api/resources/${"a".repeat(10_000)}`,
    `/api/resources/${"a/".repeat(3000)}`,
    "/api/resources/%",
    "/api/resources/%zz",
    "/api/resources/%c3%28",
    "/api/resources/%ed%a0%80",
    "/api/raw/doc.tex?" + Array.from({ length: 2000 }, (_, i) => `p${i}=${i}`).join("&"),
    "/api/raw/doc.tex?inline=true&inline=false&inline[]=x",
    "/api/raw/?files=%zz&algo=zip",
    "/api/raw/pub?algo=../../etc",
    "/api/resources/doc.tex?checksum=crc32",
    "/api/resources/doc.tex?checksum[]=md5",
    "/api/preview/huge/pub/pic.png",
    "/api/preview/../../pub/pic.png",
    "/api/users/abc",
    "/api/users/99999999999999999999",
    "/api/users/-1",
  ];
  for (const url of urls) {
    it(`GET ${url.slice(0, 60)}`, async () => {
      const res = await target.as("ada", url);
      expectSafe(target, res, url.slice(0, 60));
    });
  }

  const ranges = [
    "bytes=abc",
    "bytes=-0",
    "bytes=5-1",
    "bytes=99999999999999999999-",
    "bytes=" + Array.from({ length: 500 }, (_, i) => `${i}-${i}`).join(","),
    "bytes=0-0,-1,0-",
    "items=0-1",
  ];
  for (const range of ranges) {
    it(`Range: ${range.slice(0, 40)}`, async () => {
      const res = await target.as("ada", "/api/raw/doc.tex", { headers: { range } });
      expectSafe(target, res, range.slice(0, 40));
      expect([200, 206, 416]).toContain(res.status);
    });
  }

  for (const [name, value] of [
    ["if-modified-since", "not a date"],
    ["if-none-match", '"' + "x".repeat(8000) + '"'],
    ["if-range", "Thu, 01 Jan 1970 00:00:00 GMT"],
    ["if-unmodified-since", "0"],
  ] as const) {
    it(`${name}: ${value.slice(0, 30)}`, async () => {
      const res = await target.as("ada", "/api/raw/doc.tex", { headers: { [name]: value } });
      expectSafe(target, res, name);
    });
  }

  it("a GET with a body is answered as a GET", async () => {
    const res = await target.as("ada", "/api/resources/doc.tex", { body: '{"x":1}' });
    expectSafe(target, res, "get body");
    expect(res.status).toBe(200);
  });
});
