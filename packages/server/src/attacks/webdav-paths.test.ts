import { lstat, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVE_SECRET, expectNoLeak, outsideAda, SECRET } from "../test/attack-target.js";
import {
  canaryState,
  LOCK_BODY,
  PROPFIND_ALL,
  startDavTarget,
  type DavTarget,
} from "../test/dav-attack.js";

/**
 * WebDAV (issue 32): every way of naming a path outside ada's scope in the URL, for each
 * method, and in the Destination header of COPY and MOVE (outside the scope, another host or
 * base, the API, another user's folder, through a link). Requests go over a real socket exactly
 * as written. Nothing outside the scope is read, listed or written.
 */
let target: DavTarget;
let before: string[];
let canaryBefore: string[];

beforeAll(async () => {
  target = await startDavTarget();
  before = await outsideAda(target);
  canaryBefore = await canaryState(target);
});
afterAll(() => target.close());

const exists = (p: string) =>
  lstat(p).then(
    () => true,
    () => false,
  );

/** Ways of climbing from ada's scope to the files folder, then into `rest` ("secret/…"). */
function climbs(rest: string): [string, string][] {
  const e = encodeURIComponent(rest);
  return [
    ["dot-dot", `/dav/../${rest}`],
    ["two dot-dots", `/dav/../../${rest}`],
    ["dot-dot below /dav", `/dav/pub/../../${rest}`],
    ["encoded dots", `/dav/%2e%2e/${rest}`],
    ["upper-case encoded dots", `/dav/%2E%2E/%2E%2E/${rest}`],
    ["half-encoded dots", `/dav/.%2e/${rest}`],
    ["encoded slash", `/dav/..%2f${e}`],
    ["all encoded", `/dav/%2e%2e%2f${e}`],
    ["encoded /dav", `/%64av/../${rest}`],
    ["double encoding", `/dav/%252e%252e/${rest}`],
    ["double-encoded slash", `/dav/..%252f${rest}`],
    ["raw backslash", `/dav/..\\${rest.replace(/\//g, "\\")}`],
    ["encoded backslash", `/dav/..%5c${rest.replace(/\//g, "%5c")}`],
    ["NUL", `/dav/..%00/${rest}`],
    ["NUL after", `/dav/../${rest}%00.txt`],
    ["overlong UTF-8 dots", `/dav/%c0%ae%c0%ae/${rest}`],
    ["overlong UTF-8 slash", `/dav/..%c0%af${rest}`],
    ["invalid UTF-8", `/dav/%ff%fe/../../${rest}`],
    ["truncated escape", `/dav/%2/../../${rest}`],
    ["full-width dots", `/dav/%ef%bc%8e%ef%bc%8e/${rest}`],
    ["double slashes", `/dav//..//..//${rest}`],
    ["leading double slash", `//dav/../${rest}`],
    ["dot then dot-dot", `/dav/./../${rest}`],
    ["semicolon", `/dav/..;/${rest}`],
    ["absolute server path", `/dav/${target.t.root}/${rest}`],
    ["encoded absolute server path", `/dav/${encodeURIComponent(`${target.t.root}/${rest}`)}`],
    ["a query", `/dav/../${rest}?x=/../..`],
  ];
}

/** After each case: nothing outside ada's scope changed, and nothing in the canary. */
async function expectUntouched(label: string) {
  expect(await outsideAda(target), label).toEqual(before);
  expect(await canaryState(target), label).toEqual(canaryBefore);
}

describe("URL traversal and encodings", () => {
  it("GET and HEAD never read a file outside the scope", async () => {
    for (const [name, url] of climbs("secret/secret.txt")) {
      for (const method of ["GET", "HEAD"]) {
        const res = await target.dav("ada", method, url);
        expectNoLeak(target, res, `${method} ${name}`);
        // No file of that name is in ada's scope: every spelling WebDAV serves is an error
        // (`//dav/…` is not WebDAV's: the web app's page answers it).
        if (url.startsWith("/dav/")) {
          expect(res.status, `${method} ${name}`).toBeGreaterThanOrEqual(400);
        } else {
          expect(String(res.headers["content-type"]), name).not.toMatch(/octet|plain|xml/);
        }
      }
    }
    await expectUntouched("GET");
  });

  it("PROPFIND never lists a folder outside the scope, nor another user's", async () => {
    const rests = ["secret/", "eve/", ""];
    for (const rest of rests) {
      for (const [name, url] of climbs(rest)) {
        const res = await target.dav("ada", "PROPFIND", url, {
          headers: { depth: "1" },
          body: PROPFIND_ALL,
        });
        expectNoLeak(target, res, `PROPFIND ${name} ${rest}`);
        const text = res.body.toString("utf8");
        for (const outside of ["secret.txt", "secret.png", "eve.txt", "/dav/ada/", "/dav/eve/"]) {
          expect(text.includes(outside), `PROPFIND ${name} ${rest}: lists ${outside}`).toBe(false);
        }
      }
    }
  });

  it("PUT, MKCOL and LOCK create nothing outside the scope (nor a file above it)", async () => {
    for (const rest of ["secret/pwned.txt", "pwned.txt", "eve/pwned.txt"]) {
      for (const [name, url] of climbs(rest)) {
        const put = await target.dav("ada", "PUT", url, { body: "PWNED" });
        expectNoLeak(target, put, `PUT ${name} ${rest}`);
        const mkcol = await target.dav("ada", "MKCOL", url.replace("pwned.txt", "pwned-dir"));
        expectNoLeak(target, mkcol, `MKCOL ${name} ${rest}`);
        const lock = await target.dav("ada", "LOCK", url.replace("pwned.txt", "locked.txt"), {
          body: LOCK_BODY,
          headers: { "content-type": "application/xml", timeout: "Second-60" },
        });
        expectNoLeak(target, lock, `LOCK ${name} ${rest}`);
        await expectUntouched(`${name} ${rest}`);
      }
    }
    for (const p of ["pwned.txt", "pwned-dir", "locked.txt", "secret/pwned.txt"]) {
      expect(await exists(path.join(target.t.root, p)), p).toBe(false);
    }
  });

  it("DELETE, PROPPATCH, COPY and MOVE of a path outside the scope change nothing", async () => {
    const patch = `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:z"><D:set><D:prop><Z:x>1</Z:x></D:prop></D:set></D:propertyupdate>`;
    for (const rest of ["secret/secret.txt", "eve/eve.txt", "secret"]) {
      for (const [name, url] of climbs(rest)) {
        const label = `${name} ${rest}`;
        expectNoLeak(target, await target.dav("ada", "DELETE", url), `DELETE ${label}`);
        expectNoLeak(
          target,
          await target.dav("ada", "PROPPATCH", url, { body: patch }),
          `PROPPATCH ${label}`,
        );
        for (const method of ["COPY", "MOVE"]) {
          const res = await target.dav("ada", method, url, {
            headers: { destination: "/dav/stolen" },
          });
          expectNoLeak(target, res, `${method} ${label}`);
          expect(await exists(path.join(target.ada, "stolen")), `${method} ${label}`).toBe(false);
        }
        await expectUntouched(label);
      }
    }
    expect(await readFile(path.join(target.t.root, "secret", "secret.txt"), "utf8")).toBe(SECRET);
    expect(await readFile(path.join(target.t.root, "eve", "eve.txt"), "utf8")).toBe(EVE_SECRET);
  });
});

/** Destinations naming a place outside ada's scope, or not on this WebDAV server at all. */
function destinations(port: number): [string, string][] {
  return [
    ["dot-dot", "/dav/../secret/got.txt"],
    ["dot-dot to the files root", "/dav/../got.txt"],
    ["encoded dots", "/dav/%2e%2e/secret/got.txt"],
    ["encoded slash", "/dav/..%2fsecret%2fgot.txt"],
    ["double encoding", "/dav/%252e%252e/secret/got.txt"],
    ["encoded backslash", "/dav/..%5csecret%5cgot.txt"],
    ["raw backslash", "/dav/..\\secret\\got.txt"],
    ["NUL", "/dav/..%00/secret/got.txt"],
    ["overlong UTF-8", "/dav/%c0%ae%c0%ae/secret/got.txt"],
    ["double slashes", "/dav//..//secret//got.txt"],
    ["absolute URL with dot-dots", `http://127.0.0.1:${port}/dav/../secret/got.txt`],
    ["another host", "http://evil.example/secret/got.txt"],
    ["another host with /dav", "http://evil.example/dav/../../secret/got.txt"],
    ["the API", `http://127.0.0.1:${port}/api/resources/secret/got.txt`],
    ["the API, relative", "/api/resources/got.txt"],
    ["a different base", "/other/dav/got.txt"],
    ["a prefix lookalike", "/davx/got.txt"],
    ["scheme-relative", "//evil.example/dav/got.txt"],
    ["file URL", "file:///etc/got.txt"],
    ["not a URL", "http://[::1"],
    ["empty", ""],
    ["another user's folder", "/dav/../eve/got.txt"],
    ["another user's folder, encoded", "/dav/%2e%2e%2feve%2fgot.txt"],
    ["absolute server path", `/dav${target.t.root}/secret/got.txt`],
    ["through a link to another user's folder", "/dav/toeve/got.txt"],
    ["through a link out of the files", "/dav/escape/got.txt"],
    ["through a link to a canary outside", "/dav/tocanary/got.txt"],
    ["through a link, over a file behind it", "/dav/tocanary/canary.txt"],
    ["through a link into a folder behind it", "/dav/escape/sub/got.txt"],
  ];
}

describe("Destination header", () => {
  it("COPY and MOVE never write outside the scope, for a file and a folder", async () => {
    for (const method of ["COPY", "MOVE"]) {
      for (const source of ["/dav/doc.tex", "/dav/pub"]) {
        for (const [name, destination] of destinations(target.port)) {
          for (const overwrite of ["T", "F"]) {
            const label = `${method} ${source} → ${name} (Overwrite ${overwrite})`;
            const res = await target.dav("ada", method, source, {
              headers: { destination, overwrite },
              allow502: true,
            });
            await expectUntouched(label);
            // Only a destination naming /dav/got.txt on any host (the host is not compared: a
            // proxy may change it) may succeed, and then it lands in ada's scope.
            const landed = path.join(target.ada, "got.txt");
            if (res.status < 300) {
              expect(name, label).toBe("scheme-relative");
              expect(await exists(landed), label).toBe(true);
              if (method === "MOVE") await rename(landed, path.join(target.ada, source.slice(5)));
              else await rm(landed, { recursive: true });
            }
            // The source stays where it was (a MOVE that went nowhere moved nothing).
            expect(await exists(path.join(target.ada, source.slice(5))), label).toBe(true);
          }
        }
      }
    }
  });

  it("a destination that is a link: the link may be replaced, never what it points to", async () => {
    for (const method of ["COPY", "MOVE"]) {
      for (const link of ["toeve", "tocanary", "escape"]) {
        const label = `${method} onto ${link}`;
        const res = await target.dav("ada", method, "/dav/doc.tex", {
          headers: { destination: `/dav/${link}`, overwrite: "T" },
          allow502: true,
        });
        await expectUntouched(label);
        // Whatever happened, ada's name is a plain entry or the link: never a way out written to.
        const info = await lstat(path.join(target.ada, link)).catch(() => undefined);
        if (info && !info.isSymbolicLink()) {
          expect(await readFile(path.join(target.ada, link), "utf8"), label).toBe(
            "\\section{In scope}\n",
          );
        }
        if (method === "MOVE" && res.status < 300) {
          // Put the source back for the next case.
          await target.dav("ada", "MOVE", `/dav/${link}`, {
            headers: { destination: "/dav/doc.tex" },
          });
        }
      }
    }
    // The link to /etc as a destination's parent, with a name that no /etc holds: refused.
    const res = await target.dav("ada", "COPY", "/dav/doc.tex", {
      headers: { destination: "/dav/etc/scriptorium-dav-attack-canary" },
      allow502: true,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await exists("/etc/scriptorium-dav-attack-canary")).toBe(false);
  });
});
