import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicShare, Share } from "@scriptorium/shared";
import type { RawResponse } from "../test/http.js";
import {
  DENIED,
  expectNoLeak,
  jsonOf,
  SECRET,
  startTarget,
  type Target,
} from "../test/attack-target.js";

/**
 * The share page's reading view of m2hv's pages (issue 31): `/api/public-inline/dl/{hash}…
 * ?view=read` mints a capability whose pages are served in a sandbox without scripts. Nothing
 * outside the shared folder is served through it: not through a link in the folder, `..` in
 * any spelling, a path the owner's rules deny, or a password link without its password.
 */
let target: Target;
let edition = "";
let root = "";
const IN_SCOPE = "In scope";
const FRAME = '<iframe name="testo" src="liber-1.htm"></iframe><script>alert(1)</script>';

beforeAll(async () => {
  target = await startTarget();
  const ed = path.join(target.ada, "pub", "ed");
  await mkdir(ed, { recursive: true });
  await writeFile(path.join(ed, "liber-1f.htm"), FRAME);
  await writeFile(path.join(ed, "liber-1.htm"), "<p>textus</p>");
  await writeFile(path.join(ed, "liber.tex"), "\\VV{{A:unus}{B:duo}}\n");
  await symlink(path.join(target.ada, "doc.tex"), path.join(ed, "to-doc.htm"));
  await symlink(path.join(target.t.root, "secret", "secret.html"), path.join(ed, "to-secret.htm"));
  await symlink(path.join(target.ada, "private"), path.join(ed, "to-private"));
  edition = (await share("/pub/ed/")).hash;
  // ada's whole scope: her rules deny /private inside it.
  root = (await share("/")).hash;
});
afterAll(() => target.close());

async function share(p: string, body: object = {}): Promise<Share> {
  const res = await target.as("ada", `/api/share${p}`, {
    method: "POST",
    body: JSON.stringify(body),
  });
  expect(res.status, res.body.toString()).toBe(200);
  return jsonOf<Share>(res);
}

const visitor = (url: string) => target.as(undefined, url);
const policy = (res: RawResponse) => String(res.headers["content-security-policy"]);

/** The reading view's capability URL for `rest` of a folder link. */
async function reading(hash: string, rest: string, query = ""): Promise<string> {
  const res = await visitor(`/api/public-inline/dl/${hash}${rest}?view=read${query}`);
  expect(res.status, res.body.toString()).toBe(302);
  return String(res.headers.location);
}

/** No byte outside the shared folder, and a refusal. */
function expectRefused(res: RawResponse, label: string): void {
  expectNoLeak(target, res, label);
  const body = res.body.toString();
  for (const bytes of [IN_SCOPE, SECRET, DENIED]) expect(body, label).not.toContain(bytes);
  expect([400, 403, 404], `${label}: ${res.status}`).toContain(res.status);
}

describe("the reading view's pages", () => {
  it("are served in a sandbox whose CSP forbids scripts, forms and pop-ups", async () => {
    const res = await visitor(await reading(edition, "/liber-1f.htm"));
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe(FRAME);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    const csp = policy(res);
    expect(csp).toMatch(/(^|;\s*)sandbox(;|$)/);
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("form-action 'none'");
    for (const token of ["allow-scripts", "allow-same-origin", "allow-popups", "allow-forms"]) {
      expect(csp, token).not.toContain(token);
    }
  });

  it("the frame's relative page keeps the policy; without view=read the usual inline one", async () => {
    const frame = await reading(edition, "/liber-1f.htm");
    const text = await visitor(frame.replace(/liber-1f\.htm$/, "liber-1.htm"));
    expect(text.body.toString()).toBe("<p>textus</p>");
    expect(policy(text)).toContain("script-src 'none'");
    const plain = await visitor(`/api/public-inline/dl/${edition}/liber-1f.htm`);
    expect(policy(await visitor(String(plain.headers.location)))).toContain("allow-scripts");
  });

  it("a .tex of the folder is text/plain, shown and never run", async () => {
    const res = await visitor(await reading(edition, "/liber.tex"));
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(String(res.headers["content-disposition"])).toMatch(/^inline;/);
  });
});

describe("the reading view stays inside the shared folder", () => {
  for (const name of ["to-doc.htm", "to-secret.htm", "to-private/denied.txt"]) {
    it(`a link in the folder is not followed: ${name}`, async () => {
      const direct = await visitor(`/api/public-inline/dl/${edition}/${name}?view=read`);
      if (direct.status === 302) {
        expectRefused(await visitor(String(direct.headers.location)), name);
      } else expectRefused(direct, name);
      const frame = await reading(edition, "/liber-1f.htm");
      expectRefused(await visitor(frame.replace(/liber-1f\.htm$/, name)), `capability ${name}`);
    });
  }

  for (const escape of [
    "../doc.tex",
    "%2e%2e/doc.tex",
    "%2E%2E/%2E%2E/secret/secret.html",
    "..%2fdoc.tex",
    ".%2e/..%2f..%2fsecret%2fsecret.html",
    "..%5cdoc.tex",
    "%252e%252e/doc.tex",
  ]) {
    it(`.. from a page's capability: ${escape}`, async () => {
      const frame = await reading(edition, "/liber-1f.htm");
      const res = await visitor(frame.replace(/liber-1f\.htm$/, escape));
      expectNoLeak(target, res, escape);
      const body = res.body.toString();
      for (const bytes of [IN_SCOPE, SECRET]) expect(body, escape).not.toContain(bytes);
      if (res.status === 302) {
        expectRefused(await visitor(String(res.headers.location)), escape);
      } else expect([400, 403, 404]).toContain(res.status);
    });
    it(`.. after the hash: ${escape}`, async () => {
      const res = await visitor(`/api/public-inline/dl/${edition}/${escape}?view=read`);
      if (res.status === 302) {
        expectRefused(await visitor(String(res.headers.location)), escape);
      } else expectRefused(res, escape);
    });
  }

  it("a path the owner's rules deny, in a link to her whole scope", async () => {
    const listing = jsonOf<PublicShare>(await visitor(`/api/public/share/${root}`));
    expect(listing.items?.map((i) => i.name)).not.toContain("private");
    const res = await visitor(`/api/public-inline/dl/${root}/private/denied.txt?view=read`);
    if (res.status === 302) {
      expectRefused(await visitor(String(res.headers.location)), "denied");
    } else expectRefused(res, "denied");
    const page = await reading(root, "/pub/ed/liber-1.htm");
    const denied = page.replace(/pub\/ed\/liber-1\.htm$/, "private/denied.txt");
    expect(denied).not.toBe(page);
    expectRefused(await visitor(denied), "capability denied");
  });

  it("a password link without its password: 401, no capability; with its token: the page", async () => {
    const locked = (await share("/pub/ed/", { password: "sesame" })).hash;
    for (const suffix of ["", "&token=", `&token=9999999999.${"A".repeat(32)}`]) {
      const res = await visitor(`/api/public-inline/dl/${locked}/liber-1f.htm?view=read${suffix}`);
      expect(res.status, suffix).toBe(401);
      expect(res.headers.location).toBeUndefined();
    }
    const info = await target.as(undefined, `/api/public/share/${locked}`, {
      headers: { "x-share-password": "sesame" },
    });
    const token = jsonOf<PublicShare>(info).token ?? "";
    const location = await reading(locked, "/liber-1f.htm", `&token=${encodeURIComponent(token)}`);
    expect((await visitor(location)).body.toString()).toBe(FRAME);
  });
});
