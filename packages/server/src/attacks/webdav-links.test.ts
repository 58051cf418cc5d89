import { lstat, readFile, readlink, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoLeak, outsideAda, SECRET } from "../test/attack-target.js";
import {
  CANARY,
  canaryState,
  LOCK_BODY,
  PROPFIND_ALL,
  proppatchBody,
  startDavTarget,
  type DavTarget,
} from "../test/dav-attack.js";
import { startRacer } from "../test/link-racer.js";

/**
 * WebDAV (issue 32) and links: ada's scope holds links out of it (`escape` → the files'
 * `secret`, `toeve` → eve's scope, `tocanary` → a folder outside the files, `etc` → /etc), and
 * a folder of hers is swapped for such a link while requests run. No method follows a link out:
 * nothing behind one is read, listed, written, locked or given a property; DELETE of a link
 * removes the link, never its target.
 */
let target: DavTarget;
let before: string[];
let canaryBefore: string[];

beforeAll(async () => {
  target = await startDavTarget();
  await writeFile(path.join(target.canary, "passwd"), CANARY);
  before = await outsideAda(target);
  canaryBefore = await canaryState(target);
});
afterAll(() => target.close());

const LINKS = ["escape", "toeve", "tocanary", "etc"] as const;
/** A file behind each link. */
const BEHIND: Record<(typeof LINKS)[number], string> = {
  escape: "secret.txt",
  toeve: "eve.txt",
  tocanary: "canary.txt",
  etc: "passwd",
};

/** Every file of ada's scope (links not followed) with its content: none may hold a secret. */
async function adaFiles(dir = target.ada): Promise<string[]> {
  const out: string[] = [];
  for (const name of await readdir(dir)) {
    const p = path.join(dir, name);
    const info = await lstat(p);
    if (info.isDirectory()) out.push(...(await adaFiles(p)));
    else if (info.isFile()) out.push(await readFile(p, "latin1"));
  }
  return out;
}

async function expectClean(label: string) {
  expect(await outsideAda(target), label).toEqual(before);
  expect(await canaryState(target), label).toEqual(canaryBefore);
  for (const content of await adaFiles()) {
    for (const secret of [SECRET, CANARY, "root:x:0:0"]) {
      expect(content.includes(secret), `${label}: ${secret} copied into the scope`).toBe(false);
    }
  }
}

const noLeak = (text: string, label: string) => {
  for (const secret of [CANARY, "root:x:0:0", "canary.txt", "eve.txt", "secret.txt"]) {
    expect(text.includes(secret), `${label}: ${secret}`).toBe(false);
  }
};

describe("a link in the scope pointing out", () => {
  it("GET, HEAD and PROPFIND never read or list what is behind it", async () => {
    for (const link of LINKS) {
      for (const method of ["GET", "HEAD"]) {
        const res = await target.dav("ada", method, `/dav/${link}/${BEHIND[link]}`);
        expectNoLeak(target, res, `${method} ${link}`);
        noLeak(res.body.toString("latin1"), `${method} ${link}`);
        // The API's policy: a link out of the scope is refused (403), never followed.
        expect([403, 404], `${method} ${link}`).toContain(res.status);
      }
      for (const url of [`/dav/${link}`, `/dav/${link}/`, `/dav/${link}/${BEHIND[link]}`]) {
        for (const depth of ["0", "1"]) {
          const res = await target.dav("ada", "PROPFIND", url, {
            headers: { depth },
            body: PROPFIND_ALL,
          });
          expectNoLeak(target, res, `PROPFIND ${url} ${depth}`);
          noLeak(res.body.toString("latin1"), `PROPFIND ${url} ${depth}`);
        }
      }
    }
    // The scope's own listing shows no entry of what the links point to.
    const root = await target.dav("ada", "PROPFIND", "/dav/", { headers: { depth: "1" } });
    expect(root.status).toBe(207);
    noLeak(root.body.toString("latin1"), "PROPFIND /dav/");
  });

  it("PUT, MKCOL, LOCK and PROPPATCH never write, lock or mark anything behind it", async () => {
    for (const link of LINKS) {
      if (link === "etc") continue; // the tests run as root: nothing is ever tried there
      for (const name of ["new.txt", BEHIND[link]]) {
        const url = `/dav/${link}/${name}`;
        const put = await target.dav("ada", "PUT", url, { body: "PWNED" });
        expectNoLeak(target, put, `PUT ${url}`);
        expect(put.status, `PUT ${url}`).toBeGreaterThanOrEqual(400);
        const lock = await target.dav("ada", "LOCK", url, { body: LOCK_BODY });
        expectNoLeak(target, lock, `LOCK ${url}`);
        expect(lock.status, `LOCK ${url}`).toBeGreaterThanOrEqual(400);
        const patch = await target.dav("ada", "PROPPATCH", url, { body: proppatchBody("p") });
        expectNoLeak(target, patch, `PROPPATCH ${url}`);
        expect(patch.status, `PROPPATCH ${url}`).toBeGreaterThanOrEqual(400);
        await expectClean(url);
      }
      const mkcol = await target.dav("ada", "MKCOL", `/dav/${link}/made`);
      expect(mkcol.status, `MKCOL ${link}`).toBeGreaterThanOrEqual(400);
      await expectClean(`MKCOL ${link}`);
    }
    // A property set on a link's target would show on the owner's side: eve sees none.
    const eve = await target.dav("eve", "PROPFIND", "/dav/eve.txt", { headers: { depth: "0" } });
    expect(eve.status).toBe(207);
    expect(eve.body.toString("utf8")).not.toContain("urn:attack");
  });

  it("COPY and MOVE of what is behind it, or into it, take nothing out and put nothing in", async () => {
    for (const link of LINKS) {
      for (const method of ["COPY", "MOVE"]) {
        const from = `/dav/${link}/${BEHIND[link]}`;
        const res = await target.dav("ada", method, from, {
          headers: { destination: "/dav/stolen.txt" },
        });
        expectNoLeak(target, res, `${method} ${from}`);
        expect(res.status, `${method} ${from}`).toBeGreaterThanOrEqual(400);
        await expectClean(`${method} ${from}`);
        // A copy of the link itself copies its target's content nowhere into the scope.
        const whole = await target.dav("ada", "COPY", `/dav/${link}`, {
          headers: { destination: `/dav/copy-of-${link}` },
        });
        expectNoLeak(target, whole, `COPY ${link}`);
        await expectClean(`COPY ${link}`);
        const made = await lstat(path.join(target.ada, `copy-of-${link}`)).catch(() => undefined);
        if (made?.isDirectory()) {
          expect(await readdir(path.join(target.ada, `copy-of-${link}`)), link).toEqual([]);
        }
        if (link === "etc") continue;
        const into = await target.dav("ada", method, "/dav/doc.tex", {
          headers: { destination: `/dav/${link}/doc.tex` },
        });
        expectNoLeak(target, into, `${method} into ${link}`);
        expect(into.status, `${method} into ${link}`).toBeGreaterThanOrEqual(400);
        await expectClean(`${method} into ${link}`);
        expect(await readFile(path.join(target.ada, "doc.tex"), "utf8")).toBe(
          "\\section{In scope}\n",
        );
      }
    }
  });

  it("DELETE of what is behind it deletes nothing; DELETE of the link removes only the link", async () => {
    for (const link of LINKS) {
      const res = await target.dav("ada", "DELETE", `/dav/${link}/${BEHIND[link]}`);
      expectNoLeak(target, res, `DELETE behind ${link}`);
      expect(res.status, `DELETE behind ${link}`).toBeGreaterThanOrEqual(400);
      await expectClean(`DELETE behind ${link}`);
    }
    for (const link of LINKS) {
      const target0 = await readlink(path.join(target.ada, link));
      const res = await target.dav("ada", "DELETE", `/dav/${link}`);
      expectNoLeak(target, res, `DELETE ${link}`);
      expect(res.status, `DELETE ${link}`).toBe(204);
      expect(await lstat(path.join(target.ada, link)).catch(() => undefined), link).toBe(undefined);
      // The target and everything in it are still there.
      await expectClean(`DELETE ${link}`);
      expect((await lstat(target0)).isDirectory(), target0).toBe(true);
    }
    expect((await lstat("/etc/passwd")).isFile()).toBe(true);
  });
});

describe("a folder swapped for a link while requests run", () => {
  it("no method follows the link out, whenever it appears", async () => {
    const pub = path.join(target.ada, "pub");
    // pub/canary.txt exists only behind the link; pub/page.html in the real folder.
    const racer = await startRacer(pub, target.canary, { ms: 12_000 });
    let flips: number;
    try {
      for (let run = 0; run < 40; run++) {
        const get = await target.dav("ada", "GET", "/dav/pub/canary.txt");
        expectNoLeak(target, get, "GET during the race");
        noLeak(get.body.toString("latin1"), `GET run ${run}`);
        const list = await target.dav("ada", "PROPFIND", "/dav/pub/", { headers: { depth: "1" } });
        noLeak(list.body.toString("latin1"), `PROPFIND run ${run}`);
        const put = await target.dav("ada", "PUT", `/dav/pub/put-${run}.txt`, { body: "PWNED" });
        expectNoLeak(target, put, `PUT run ${run}`);
        await target.dav("ada", "MKCOL", `/dav/pub/dir-${run}`);
        await target.dav("ada", "PROPPATCH", "/dav/pub/canary.txt", { body: proppatchBody("x") });
        await target.dav("ada", "LOCK", `/dav/pub/lock-${run}.txt`, { body: LOCK_BODY });
        await target.dav("ada", "DELETE", "/dav/pub/canary.txt");
        await target.dav("ada", "COPY", "/dav/pub/canary.txt", {
          headers: { destination: `/dav/stolen-${run}.txt` },
        });
        await target.dav("ada", "COPY", "/dav/doc.tex", {
          headers: { destination: `/dav/pub/copied-${run}.tex` },
        });
        await target.dav("ada", "MOVE", "/dav/pub/canary.txt", {
          headers: { destination: `/dav/moved-${run}.txt` },
        });
        expect(await canaryState(target), `run ${run}`).toEqual(canaryBefore);
        if (racer.finished()) break;
      }
    } finally {
      flips = await racer.stop();
    }
    expect(flips, "the link appeared").toBeGreaterThan(0);
    await expectClean("race");
    // 40 rounds of 11 requests, or the racer's 12 s, whichever ends first: room for a slow machine.
  }, 60_000);
});
