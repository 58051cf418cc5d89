import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { perm, snapshot } from "../test/attack-target.js";
import {
  LOCK_BODY,
  lockTokenOf,
  PROPFIND_ALL,
  proppatchBody,
  startDavTarget,
  type DavOptions,
  type DavTarget,
} from "../test/dav-attack.js";

/**
 * WebDAV (issue 32): locks taken from another user, and permissions. ada locks a file that the
 * admin (scope ".", where it is /ada/doc.tex) and ada2 (scope /ada, like ada) both see: neither
 * can unlock, refresh or submit her token, nor write the file. Then each method as a user
 * lacking the permission its API counterpart needs: 403, nothing changes.
 */
let target: DavTarget;

beforeAll(async () => {
  target = await startDavTarget({
    extra: [
      { name: "ada2" },
      { name: "nodl", perm: perm({ download: false }) },
      { name: "nocreate", perm: perm({ create: false }) },
      { name: "nomodify", perm: perm({ modify: false }) },
      { name: "norename", perm: perm({ rename: false }) },
      { name: "nodelete", perm: perm({ delete: false }) },
    ],
  });
});
afterAll(() => target.close());

const DOC = "\\section{In scope}\n";
const doc = () => readFile(path.join(target.ada, "doc.tex"), "utf8");

/** The tokens of the locks PROPFIND shows on a path, as ada sees it. */
async function locksOn(url: string): Promise<string[]> {
  const res = await target.dav("ada", "PROPFIND", url, {
    headers: { depth: "0" },
    body: '<D:propfind xmlns:D="DAV:"><D:prop><D:lockdiscovery/></D:prop></D:propfind>',
  });
  return [...res.body.toString("utf8").matchAll(/<D:href>(urn:uuid:[^<]+)<\/D:href>/g)].map(
    (m) => m[1]!,
  );
}

describe("another user's lock", () => {
  it("cannot be unlocked, refreshed, submitted or written through by another user", async () => {
    const lock = await target.dav("ada", "LOCK", "/dav/doc.tex", {
      headers: { timeout: "Second-3600" },
      body: LOCK_BODY,
    });
    expect(lock.status).toBe(200);
    const token = lockTokenOf(lock);
    expect(token).toMatch(/^urn:uuid:/);
    const before = await snapshot(target.ada);

    for (const [user, url] of [
      ["admin", "/dav/ada/doc.tex"],
      ["ada2", "/dav/doc.tex"],
    ] as const) {
      const folder = url.replace("doc.tex", "");
      const ifs = [`(<${token}>)`, `<${url}> (<${token}>)`, `(<${token}>) (Not <urn:x>)`];
      const attempts: [string, string, DavOptions][] = [
        ["UNLOCK", url, { headers: { "lock-token": `<${token}>` } }],
        ["UNLOCK", url, { headers: { "lock-token": token } }],
        ["LOCK", url, { headers: { if: `(<${token}>)`, timeout: "Second-1" } }],
        ["LOCK", url, { body: LOCK_BODY }],
        ["LOCK", url, { body: LOCK_BODY.replace("<D:exclusive/>", "<D:shared/>") }],
        ["LOCK", folder, { headers: { depth: "infinity" }, body: LOCK_BODY }],
      ];
      for (const ifHeader of [undefined, ...ifs]) {
        const h: Record<string, string> = ifHeader ? { if: ifHeader } : {};
        attempts.push(
          ["PUT", url, { headers: h, body: "overwritten" }],
          ["DELETE", url, { headers: h }],
          ["PROPPATCH", url, { headers: h, body: proppatchBody("taken") }],
          ["MOVE", url, { headers: { ...h, destination: `${folder}moved.tex` } }],
          ["COPY", `${folder}pub/page.html`, { headers: { ...h, destination: url } }],
          ["MOVE", `${folder}pub/page.html`, { headers: { ...h, destination: url } }],
        );
      }
      for (const [method, u, o] of attempts) {
        const res = await target.dav(user, method, u, o);
        const label = `${user} ${method} ${u} ${JSON.stringify(o.headers ?? {})}`;
        expect(res.status, label).toBeGreaterThanOrEqual(400);
        expect([400, 403, 409, 412, 423], `${label}: ${res.status}`).toContain(res.status);
        expect(await doc(), label).toBe(DOC);
        expect(await locksOn("/dav/doc.tex"), label).toEqual([token]);
      }
    }
    expect(await snapshot(target.ada)).toEqual(before);
    // The refresh asked for a 1 s timeout: had it been honoured, the lock would be gone now.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await locksOn("/dav/doc.tex")).toEqual([token]);
    const props = await target.dav("ada", "PROPFIND", "/dav/doc.tex", {
      headers: { depth: "0" },
      body: PROPFIND_ALL,
    });
    expect(props.body.toString("utf8")).not.toContain("taken");

    // ada herself, with her token, can: the lock and the token were real.
    const own = await target.dav("ada", "PUT", "/dav/doc.tex", {
      headers: { if: `(<${token}>)` },
      body: "ada's own",
    });
    expect(own.status).toBe(204);
    const unlock = await target.dav("ada", "UNLOCK", "/dav/doc.tex", {
      headers: { "lock-token": `<${token}>` },
    });
    expect(unlock.status).toBe(204);
    expect(await locksOn("/dav/doc.tex")).toEqual([]);
    await target.dav("ada", "PUT", "/dav/doc.tex", { body: DOC });
  });
});

describe("permissions", () => {
  it("each method without the permission its API counterpart needs is 403, nothing changes", async () => {
    await target.dav("ada", "PUT", "/dav/pub/old.txt", { body: "old" });
    const before = await snapshot(target.ada);
    const cases: [string, string, string, DavOptions][] = [
      ["nodl", "GET", "/dav/doc.tex", {}],
      ["nodl", "HEAD", "/dav/doc.tex", {}],
      ["nodl", "GET", "/dav/doc.tex", { headers: { range: "bytes=0-3" } }],
      ["nocreate", "PUT", "/dav/pub/new.txt", { body: "new" }],
      ["nocreate", "MKCOL", "/dav/pub/made", {}],
      ["nocreate", "COPY", "/dav/doc.tex", { headers: { destination: "/dav/pub/copy.tex" } }],
      [
        "nocreate",
        "COPY",
        "/dav/doc.tex",
        { headers: { destination: "/dav/pub/old.txt", overwrite: "T" } },
      ],
      ["nocreate", "LOCK", "/dav/pub/locked-new.txt", { body: LOCK_BODY }],
      ["nomodify", "PUT", "/dav/doc.tex", { body: "overwritten" }],
      ["nomodify", "PROPPATCH", "/dav/doc.tex", { body: proppatchBody("nomodify") }],
      [
        "nomodify",
        "COPY",
        "/dav/pub/page.html",
        { headers: { destination: "/dav/doc.tex", overwrite: "T" } },
      ],
      ["norename", "MOVE", "/dav/doc.tex", { headers: { destination: "/dav/moved.tex" } }],
      ["norename", "MOVE", "/dav/pub", { headers: { destination: "/dav/pub2" } }],
      ["nodelete", "DELETE", "/dav/doc.tex", {}],
      ["nodelete", "DELETE", "/dav/pub", {}],
    ];
    for (const [user, method, url, o] of cases) {
      const res = await target.dav(user, method, url, o);
      const label = `${user} ${method} ${url}`;
      expect(res.status, label).toBe(403);
      expect(res.body.toString("utf8"), label).not.toContain(DOC);
      expect(await snapshot(target.ada), label).toEqual(before);
    }
    const props = await target.dav("ada", "PROPFIND", "/dav/doc.tex", {
      headers: { depth: "0" },
      body: PROPFIND_ALL,
    });
    expect(props.body.toString("utf8")).not.toContain("nomodify");
    expect(await locksOn("/dav/pub/")).toEqual([]);
    // Each of them may still do what its permissions allow (the refusals were the permission's).
    expect(
      (await target.dav("nodl", "PROPFIND", "/dav/", { headers: { depth: "0" } })).status,
    ).toBe(207);
    expect((await target.dav("nocreate", "GET", "/dav/doc.tex")).status).toBe(200);
    expect((await target.dav("nomodify", "PUT", "/dav/pub/fresh.txt", { body: "f" })).status).toBe(
      201,
    );
  });
});
