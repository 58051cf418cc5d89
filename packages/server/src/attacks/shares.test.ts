import { mkdir, readFile, rename, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicShare, Share } from "@scriptorium/shared";
import { createUsersStore } from "../features/users/users.store.js";
import { createTestApp, type TestContext } from "../test/helpers.js";
import type { RawResponse } from "../test/http.js";
import {
  expectNoLeak,
  expectSafe,
  jsonOf,
  perm,
  SECRET,
  startTarget,
  type SendOptions,
  type Target,
} from "../test/attack-target.js";

/**
 * Share links (API.md Part A §12, §19; File Browser advisories on shares: password bypass,
 * hashes and tokens in listings, links that outlive permissions, traversal after the hash).
 * Public requests carry no session. The shared folder is ada's `/pub`; her scope holds
 * `/doc.tex` ("In scope") outside it, which no link to `/pub` may reveal.
 */
let target: Target;
const OWNERS = ["o-share", "o-download", "o-deleted", "o-rule"] as const;
const IN_SCOPE = "In scope";

beforeAll(async () => {
  target = await startTarget({
    extra: OWNERS.map((name) => ({ name })),
    app: {
      app: {
        limits: {
          failedSharePasswords: {
            perLinkAndAddress: { max: 12, windowMs: 60_000 },
            perAddress: { max: 1000, windowMs: 60_000 },
          },
        },
      },
    },
  });
  await writeFile(path.join(target.ada, "pub", "notes.txt"), "shared notes");
  await symlink(path.join(target.ada, "doc.tex"), path.join(target.ada, "pub", "to-doc.tex"));
  await symlink(path.join(target.ada, "private"), path.join(target.ada, "pub", "to-private"));
  await symlink(
    path.join(target.t.root, "secret", "secret.txt"),
    path.join(target.ada, "pub", "to-secret.txt"),
  );
});
afterAll(() => target.close());

async function share(user: string, p: string, body: object = {}): Promise<Share> {
  const res = await target.as(user, `/api/share${p}`, {
    method: "POST",
    body: JSON.stringify(body),
  });
  expect(res.status, res.body.toString()).toBe(200);
  return jsonOf<Share>(res);
}

const visitor = (url: string, opts: SendOptions = {}) => target.as(undefined, url, opts);

/** Every public way in to a link, with the path after the hash. */
function publicRoutes(hash: string, rest = ""): [string, string, SendOptions][] {
  const tus = `/api/public/tus/${hash}/new.txt`;
  return [
    ["info", `/api/public/share/${hash}${rest}`, {}],
    ["download", `/api/public/dl/${hash}${rest}`, {}],
    ["download HEAD", `/api/public/dl/${hash}${rest}`, { method: "HEAD" }],
    ["archive", `/api/public/dl/${hash}/?files=notes.txt&algo=zip`, {}],
    ["inline", `/api/public-inline/dl/${hash}${rest}`, {}],
    ["tus POST", tus, { method: "POST", headers: { "upload-length": "1" } }],
    ["tus HEAD", tus, { method: "HEAD" }],
    [
      "tus PATCH",
      tus,
      {
        method: "PATCH",
        headers: { "upload-offset": "0", "content-type": "application/offset+octet-stream" },
        body: "x",
      },
    ],
    ["tus DELETE", tus, { method: "DELETE" }],
  ];
}

describe("a password link: every public route is 401 without the right password", () => {
  const cases: [string, () => Promise<Share>][] = [
    ["file", () => share("ada", "/pub/notes.txt", { password: "sesame" })],
    ["folder", () => share("ada", "/pub/", { password: "sesame" })],
    ["drop box", () => share("ada", "/pub/", { password: "sesame", mode: "upload" })],
  ];
  for (const [kind, make] of cases) {
    it(`${kind}: no password, a wrong one, an empty one, a forged token`, async () => {
      const link = await make();
      for (const [name, url, opts] of publicRoutes(link.hash)) {
        // Drop boxes refuse reads whatever the password; tus on a read link is 403 after the gate.
        const variants: [string, string, SendOptions][] = [
          ["none", url, opts],
          ["wrong", url, { ...opts, headers: { ...opts.headers, "x-share-password": "nope" } }],
          ["empty", url, { ...opts, headers: { ...opts.headers, "x-share-password": "" } }],
          ["forged token", `${url}${url.includes("?") ? "&" : "?"}token=1.${"A".repeat(32)}`, opts],
        ];
        for (const [variant, u, o] of variants) {
          const res = await visitor(u, o);
          expectNoLeak(target, res, `${kind} ${name} ${variant}`);
          expect(res.status, `${kind} ${name} ${variant}`).toBe(401);
          expect(res.body.toString()).not.toContain("shared notes");
        }
      }
    });
  }

  it("a token of one link does not open another", async () => {
    const a = await share("ada", "/pub/", { password: "one-password" });
    const b = await share("ada", "/pub/", { password: "one-password" });
    const opened = await visitor(`/api/public/share/${a.hash}`, {
      headers: { "x-share-password": "one-password" },
    });
    const token = jsonOf<PublicShare>(opened).token ?? "";
    expect(token).not.toBe("");
    const res = await visitor(`/api/public/dl/${b.hash}/notes.txt?token=${token}`);
    expect(res.status).toBe(401);
  });

  it("failed passwords are limited per link and address (429), the right one then waits there too", async () => {
    const link = await share("ada", "/pub/notes.txt", { password: "right-one" });
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await visitor(`/api/public/share/${link.hash}`, {
        headers: { "x-share-password": `guess-${i}` },
      });
      expectSafe(target, res, "guess");
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 12)).toEqual(Array.from({ length: 12 }, () => 401));
    expect(statuses.slice(12)).toEqual([429, 429]);
    const right = await visitor(`/api/public/share/${link.hash}`, {
      headers: { "x-share-password": "right-one" },
    });
    expect(right.status).toBe(429);
  });
});

describe("failed passwords count per visitor address and link", () => {
  // A stranger's guesses lock the link for the stranger only: its readers, from other
  // addresses, still open it. Requests from other addresses go through inject's remoteAddress,
  // as in brute-force.test.ts (the app trusts no forwarding header: the socket's address counts).
  const STRANGER = "203.0.113.10";
  const READER = "198.51.100.20";
  async function from(address: string, hash: string, password?: string): Promise<RawResponse> {
    const res = await target.t.app.inject({
      method: "GET",
      url: `/api/public/share/${hash}`,
      remoteAddress: address,
      headers: password === undefined ? {} : { "x-share-password": password },
    });
    const raw: RawResponse = {
      status: res.statusCode,
      headers: res.headers as RawResponse["headers"],
      body: res.rawPayload,
    };
    expectSafe(target, raw, `${address} ${hash}`);
    return raw;
  }
  const guesses = async (address: string, hash: string, n: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) statuses.push((await from(address, hash, `guess-${i}`)).status);
    return statuses;
  };

  it("a stranger is limited (429, the right password too); a reader elsewhere still opens the link", async () => {
    const link = await share("ada", "/pub/notes.txt", { password: "reader-password" });
    expect(await guesses(STRANGER, link.hash, 14)).toEqual([
      ...Array.from({ length: 12 }, () => 401),
      429,
      429,
    ]);
    expect((await from(STRANGER, link.hash, "reader-password")).status).toBe(429);
    // The same address written as IPv4-mapped IPv6 is the same visitor.
    expect((await from(`::ffff:${STRANGER}`, link.hash, "reader-password")).status).toBe(429);

    const reader = await from(READER, link.hash, "reader-password");
    expect(reader.status).toBe(200);
    expect(jsonOf<PublicShare>(reader).token).toBeTruthy();
    // A reader's typo is theirs: 401, not the stranger's 429.
    expect((await from(READER, link.hash, "typo")).status).toBe(401);
    // The reader's success opens nothing for the stranger.
    expect((await from(STRANGER, link.hash, "reader-password")).status).toBe(429);
  });

  it("the stranger's count stays on that link: their own link opens, the locked one stays locked", async () => {
    const locked = await share("ada", "/pub/notes.txt", { password: "someone-else" });
    const own = await share("ada", "/pub/", { password: "own-password" });
    const stranger = "203.0.113.11";
    await guesses(stranger, locked.hash, 12);
    expect((await from(stranger, locked.hash, "someone-else")).status).toBe(429);
    expect((await from(stranger, own.hash, "own-password")).status).toBe(200);
    expect((await from(stranger, locked.hash, "someone-else")).status).toBe(429);
  });

  it("the addresses of one IPv6 /64 count as one visitor; another /64 is another", async () => {
    const link = await share("ada", "/pub/notes.txt", { password: "v6-password" });
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) {
      statuses.push((await from(`2001:db8:7:9::${(i + 1).toString(16)}`, link.hash, "no")).status);
    }
    expect(statuses.slice(0, 12)).toEqual(Array.from({ length: 12 }, () => 401));
    expect(statuses[12]).toBe(429);
    expect((await from("2001:db8:7:9:ffff:1:2:3", link.hash, "v6-password")).status).toBe(429);
    expect((await from("2001:db8:7:a::1", link.hash, "v6-password")).status).toBe(200);
  });
});

describe("failed passwords over all links from one address", () => {
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({
      app: {
        limits: {
          failedSharePasswords: {
            perLinkAndAddress: { max: 3, windowMs: 60_000 },
            perAddress: { max: 5, windowMs: 60_000 },
          },
        },
      },
    });
    await writeFile(path.join(t.root, "notes.txt"), "notes");
    token = await t.login();
  });
  afterAll(() => t.close());

  const link = async (password: string) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/share/notes.txt",
      headers: { "x-auth": token },
      payload: { password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Share>().hash;
  };
  const open = async (hash: string, password: string) =>
    (
      await t.app.inject({
        url: `/api/public/share/${hash}`,
        remoteAddress: "192.0.2.50",
        headers: { "x-share-password": password },
      })
    ).statusCode;

  it("a sweep of links is limited per address, and opening one's own link does not reset it", async () => {
    const [a, b, own] = [await link("first-one"), await link("second-one"), await link("own-one")];
    expect([
      await open(a, "x"),
      await open(a, "y"),
      await open(b, "x"),
      await open(b, "y"),
    ]).toEqual([401, 401, 401, 401]);
    expect(await open(own, "own-one")).toBe(200);
    expect(await open(b, "z")).toBe(401);
    // Five wrong passwords from this address in all: every link is 429 for it now.
    expect([await open(b, "w"), await open(a, "first-one"), await open(own, "own-one")]).toEqual([
      429, 429, 429,
    ]);
  });
});

describe("expired and unknown links", () => {
  it("an expired link is 404 on every route at once", async () => {
    const link = await share("ada", "/pub/", { expires: "1", unit: "seconds" });
    await new Promise((r) => setTimeout(r, 1100));
    for (const [name, url, opts] of publicRoutes(link.hash)) {
      const res = await visitor(url, opts);
      expectSafe(target, res, name);
      expect(res.status, name).toBe(404);
    }
  });

  for (const hash of ["", "x", "AAAAAAAAAAAAAAAAAAAAAA", "..", "%2e%2e", "%00", "a".repeat(5000)]) {
    it(`unknown hash ${JSON.stringify(hash.slice(0, 20))} is 404`, async () => {
      const res = await visitor(`/api/public/share/${hash}`);
      expectSafe(target, res, hash);
      expect([400, 404]).toContain(res.status);
    });
  }
});

describe("a link stops working with its owner's rights", () => {
  const change = async (name: string, id: number, data: object) => {
    const res = await target.as("admin", `/api/users/${id}`, {
      method: "PUT",
      body: JSON.stringify({ what: "user", which: Object.keys(data), data: { id, ...data } }),
    });
    expect(res.status, res.body.toString()).toBe(200);
  };
  // Extra users get ids 4.. in the order of OWNERS.
  const idOf = (name: (typeof OWNERS)[number]) => 4 + OWNERS.indexOf(name);
  const changes: [(typeof OWNERS)[number], () => Promise<void>][] = [
    ["o-share", () => change("o-share", idOf("o-share"), { perm: perm({ share: false }) })],
    [
      "o-download",
      () => change("o-download", idOf("o-download"), { perm: perm({ download: false }) }),
    ],
    [
      "o-deleted",
      // No users route deletes yet (administration is a later issue): the store does.
      async () => {
        expect(await createUsersStore(target.t.db).remove(idOf("o-deleted"))).toBe(true);
      },
    ],
    [
      "o-rule",
      () =>
        change("o-rule", idOf("o-rule"), {
          rules: [{ allow: false, path: "/pub", regex: false, regexp: { raw: "" } }],
        }),
    ],
  ];
  for (const [owner, revoke] of changes) {
    it(`${owner}: works before, refused after (file and folder links)`, async () => {
      const file = await share(owner, "/pub/notes.txt");
      const folder = await share(owner, "/pub/");
      const urls = [
        `/api/public/share/${file.hash}`,
        `/api/public/dl/${file.hash}`,
        `/api/public/share/${folder.hash}`,
        `/api/public/dl/${folder.hash}/notes.txt`,
        `/api/public-inline/dl/${folder.hash}/page.html`,
      ];
      const minted = await visitor(`/api/public-inline/dl/${folder.hash}/page.html`);
      expect(minted.status).toBe(302);
      for (const url of urls) expect((await visitor(url)).status, url).toBeLessThan(400);
      await revoke();
      for (const url of [...urls, String(minted.headers.location)]) {
        const res = await visitor(url);
        expectSafe(target, res, url);
        expect([403, 404], `${owner} ${url}`).toContain(res.status);
        expect(res.body.toString()).not.toContain("shared notes");
      }
    });
  }
});

describe("paths after the hash stay inside the shared folder", () => {
  let hash = "";
  beforeAll(async () => {
    hash = (await share("ada", "/pub/")).hash;
  });
  const escapes = [
    "/../doc.tex",
    "/../../secret/secret.txt",
    "/%2e%2e/doc.tex",
    "/%2E%2E/%2E%2E/secret/secret.txt",
    "/.%2e/doc.tex",
    "/..%2fdoc.tex",
    "%2F..%2Fdoc.tex",
    "/%2e%2e%2f%2e%2e%2fsecret%2fsecret.txt",
    "//..//doc.tex",
    "/page.html/../../doc.tex",
    "/./../doc.tex",
    "/..%5cdoc.tex",
    "/..\\doc.tex",
    "/%252e%252e/doc.tex",
    "/%c0%ae%c0%ae/doc.tex",
    "/..;/doc.tex",
    "/%00../doc.tex",
    "/../../eve/eve.txt",
    "/../private/denied.txt",
    "/to-doc.tex",
    "/to-secret.txt",
    "/to-private/denied.txt",
    "/../escape/secret.txt",
  ];
  const routes = [
    ["info", "/api/public/share/"],
    ["download", "/api/public/dl/"],
    ["inline", "/api/public-inline/dl/"],
  ] as const;
  for (const [name, prefix] of routes) {
    for (const rest of escapes) {
      it(`${name} ${rest}`, async () => {
        const res = await visitor(`${prefix}${hash}${rest}`);
        expectNoLeak(target, res, rest);
        const body = res.body.toString();
        expect(body).not.toContain(IN_SCOPE);
        expect(body).not.toContain(SECRET);
        if (res.status === 302) {
          // The inline capability's own checks follow the redirect.
          const location = String(res.headers.location);
          const next = await visitor(location);
          expectNoLeak(target, next, `${rest} → ${location}`);
          expect(next.body.toString()).not.toContain(IN_SCOPE);
        } else if (res.status === 200 && name === "info") {
          // A normalised path that lands back inside the share (e.g. /page.html/../..) is fine.
          expect(jsonOf<PublicShare>(res).share.hash).toBe(hash);
        } else {
          expect([400, 403, 404]).toContain(res.status);
        }
      });
    }
  }

  const selections = [
    "../doc.tex",
    "../../secret/secret.txt",
    "%2e%2e/doc.tex",
    "..%2fdoc.tex",
    "/../../secret",
    "to-doc.tex",
    "to-secret.txt",
    "to-private",
    "../private/denied.txt",
  ];
  for (const entry of selections) {
    it(`files=${entry}`, async () => {
      const files = encodeURIComponent(encodeURIComponent(entry));
      const res = await visitor(`/api/public/dl/${hash}/?files=notes.txt,${files}&algo=tar`);
      expectNoLeak(target, res, entry);
      expect(res.body.toString()).not.toContain(IN_SCOPE);
    });
  }

  it("links out of the shared folder are listed as invalid links, not followed", async () => {
    const res = await visitor(`/api/public/share/${hash}`);
    const items = jsonOf<PublicShare>(res).items ?? [];
    for (const name of ["to-doc.tex", "to-secret.txt", "to-private"]) {
      const item = items.find((i) => i.name === name);
      expect(item?.type, name).toBe("invalid_link");
    }
  });
});

describe("a shared folder replaced by a link after the link was made", () => {
  for (const [name, to] of [
    ["another user's folder", () => path.join(target.t.root, "eve")],
    ["a folder outside the files", () => path.join(target.t.root, "..")],
    ["a denied folder of the owner", () => path.join(target.ada, "private")],
  ] as const) {
    it(`to ${name}: nothing of it is listed or served`, async () => {
      const folder = path.join(target.ada, `swapped-${name.length}`);
      await mkdir(folder);
      await writeFile(path.join(folder, "own.txt"), "own");
      const { hash } = await share("ada", `/${path.basename(folder)}/`);
      expect((await visitor(`/api/public/share/${hash}`)).status).toBe(200);
      await rename(folder, `${folder}-aside`);
      await symlink(to(), folder);
      // Past the second a view's root is remembered.
      await new Promise((r) => setTimeout(r, 1100));
      for (const url of [
        `/api/public/share/${hash}`,
        `/api/public/dl/${hash}/eve.txt`,
        `/api/public/dl/${hash}/denied.txt`,
        `/api/public/dl/${hash}/?files=eve.txt&algo=tar`,
      ]) {
        const res = await visitor(url);
        expectNoLeak(target, res, url);
        expect(res.body.toString()).not.toContain("eve.txt");
        expect(res.body.toString()).not.toContain("denied.txt");
      }
    });
  }
});

describe("signed-in routes", () => {
  it("another user deleting my link is 403 and the link still works", async () => {
    const link = await share("ada", "/pub/notes.txt");
    const res = await target.as("eve", `/api/share/${link.hash}`, { method: "DELETE" });
    expectSafe(target, res, "eve deletes");
    expect(res.status).toBe(403);
    expect((await visitor(`/api/public/dl/${link.hash}`)).status).toBe(200);
  });

  it("no listing carries a password hash or a token", async () => {
    await share("ada", "/pub/", { password: "listed-secret" });
    for (const [user, url] of [
      ["ada", "/api/shares"],
      ["admin", "/api/shares"],
      ["ada", "/api/share/pub/"],
    ] as const) {
      const res = await target.as(user, url);
      expect(res.status).toBe(200);
      const text = res.body.toString();
      expect(text).not.toMatch(/password_hash|\$argon2|"token"|listed-secret/);
      expect(jsonOf<Share[]>(res).length).toBeGreaterThan(0);
    }
    const created = await target.as("ada", "/api/share/doc.tex", {
      method: "POST",
      body: JSON.stringify({ password: "another-secret" }),
    });
    expect(created.body.toString()).not.toMatch(/password_hash|\$argon2|"token"|another-secret/);
  });

  it("eve does not see ada's links; the admin sees them with her name", async () => {
    await share("ada", "/doc.tex");
    const eve = jsonOf<Share[]>(await target.as("eve", "/api/shares"));
    expect(eve.every((s) => s.userID === 3)).toBe(true);
    const all = jsonOf<Share[]>(await target.as("admin", "/api/shares"));
    expect(all.some((s) => s.username === "ada")).toBe(true);
    const forPath = jsonOf<Share[]>(await target.as("eve", "/api/share/doc.tex"));
    expect(forPath).toEqual([]);
  });

  const outside = [
    "/../secret/secret.txt",
    "/%2e%2e/secret/secret.txt",
    "/escape/secret.txt",
    "/../eve/eve.txt",
    "/private/denied.txt",
    "/private/",
  ];
  for (const p of outside) {
    it(`a link to ${p} is refused`, async () => {
      const res = await target.as("ada", `/api/share${p}`, { method: "POST", body: "{}" });
      expectSafe(target, res, p);
      expect([400, 403, 404]).toContain(res.status);
    });
  }

  const bodies: [string, string][] = [
    ["expires not digits", '{"expires":"1e9"}'],
    ["negative", '{"expires":"-5"}'],
    ["too long", '{"expires":"2147483648"}'],
    ["mode", '{"mode":"admin"}'],
    ["array", "[]"],
    ["limit", '{"maxDownloads":"-1"}'],
    ["not JSON", "{expires"],
    ["password object", '{"password":{"$ne":""}}'],
  ];
  for (const [name, body] of bodies) {
    it(`POST /api/share with a bad body (${name}) is 400 and creates nothing`, async () => {
      const before = jsonOf<Share[]>(await target.as("ada", "/api/share/pub/page.html")).length;
      const res = await target.as("ada", "/api/share/pub/page.html", { method: "POST", body });
      expectSafe(target, res, name);
      expect(res.status).toBe(400);
      const after = jsonOf<Share[]>(await target.as("ada", "/api/share/pub/page.html")).length;
      expect(after).toBe(before);
    });
  }
});

describe("drop boxes", () => {
  let hash = "";
  beforeAll(async () => {
    hash = (await share("ada", "/pub/", { mode: "upload" })).hash;
  });

  it("refuse overwriting an existing file, and leave it as it was", async () => {
    for (const url of [
      `/api/public/tus/${hash}/notes.txt`,
      `/api/public/tus/${hash}/notes.txt?override=true`,
      `/api/public/tus/${hash}/./notes.txt`,
      `/api/public/tus/${hash}/sub/../notes.txt`,
    ]) {
      const res = await visitor(url, { method: "POST", headers: { "upload-length": "3" } });
      expectSafe(target, res, url);
      expect(res.status, url).toBe(409);
    }
    expect(await readFile(path.join(target.ada, "pub", "notes.txt"), "utf8")).toBe("shared notes");
  });

  it("refuse listing and reading", async () => {
    const info = await visitor(`/api/public/share/${hash}`);
    expect(info.status).toBe(200);
    expect(jsonOf<PublicShare>(info).items).toBeUndefined();
    expect(info.body.toString()).not.toContain("notes.txt");
    for (const url of [
      `/api/public/dl/${hash}/notes.txt`,
      `/api/public/dl/${hash}/?files=notes.txt&algo=zip`,
      `/api/public-inline/dl/${hash}/page.html`,
    ]) {
      const res = await visitor(url);
      expectNoLeak(target, res, url);
      expect(res.status, url).toBe(403);
      expect(res.body.toString()).not.toContain("shared notes");
    }
    for (const method of ["HEAD", "DELETE"]) {
      const res = await visitor(`/api/public/tus/${hash}/notes.txt`, { method });
      expect(res.status, method).toBe(404);
      expect(res.headers["upload-offset"]).toBeUndefined();
    }
  });

  const outOfBox = [
    "/../doc.tex",
    "/%2e%2e/doc.tex",
    "/..%2f..%2fsecret%2fnew.txt",
    "/to-private/new.txt",
    "/../private/new.txt",
    "/../../eve/new.txt",
  ];
  for (const rest of outOfBox) {
    it(`uploads stay in the box: ${rest}`, async () => {
      const res = await visitor(`/api/public/tus/${hash}${rest}`, {
        method: "POST",
        headers: { "upload-length": "1" },
      });
      expectSafe(target, res, rest);
      if (res.status === 201) {
        // Normalised inside the box (e.g. "/../doc.tex" is "/doc.tex" of the box): fine.
        const { readdir } = await import("node:fs/promises");
        expect(await readdir(path.join(target.ada, "pub"))).toEqual(
          expect.arrayContaining(["notes.txt"]),
        );
      } else {
        expect([400, 403, 404, 409]).toContain(res.status);
      }
      expect(await readFile(path.join(target.ada, "doc.tex"), "utf8")).toContain(IN_SCOPE);
    });
  }
});
