import { mkdir, readdir, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SECRET } from "../test/attack-target.js";
import { OPS, SLASH_OPS } from "../test/links-behind-ops.js";
import {
  COMPONENTS,
  componentOf,
  linkTargetOf,
  OUTSIDES,
  swapForLink,
  type World,
  startWorld,
} from "../test/links-behind-world.js";

/**
 * Links made behind the server's back, before the request (issue 27): a program run for ada
 * (her shell, `tar xf`, `ln -s`, a tool) has replaced a component of a path of her scope — the
 * file itself, its folder, the folder above — by a link to a place she must not reach: a canary
 * folder outside the server, eve's scope, the server's data folder (beside its database), or
 * `/`. On every route that reads or writes a path, the answer holds no byte of what lies there
 * (nor its checksum, size or picture), and nothing outside the scope changes or appears.
 * The same attacks during the request: `links-behind-race.test.ts`; links made by real
 * programs: `links-behind-programs.test.ts`; random sequences: `links-behind-fuzz.test.ts`.
 */
let w: World;

beforeAll(async () => {
  w = await startWorld();
});
afterAll(() => w.close());
afterEach(() => w.heal());

describe("a component swapped for a link before the request", () => {
  for (const op of OPS) {
    for (const [depth, component] of COMPONENTS.entries()) {
      for (const place of OUTSIDES) {
        it(`${op.name} — ${component} → ${place}`, async () => {
          const c = await w.newCase();
          const prepared = op.prepare ? await op.prepare(w, c) : "";
          const main = op.main(c);
          await swapForLink(c.abs(componentOf(main, depth)), linkTargetOf(w, place, main, depth));
          w.seen.length = 0;
          await op.run(w, c, prepared);
          const label = `${op.name}, ${component} → ${place}`;
          if (op.refuses) {
            for (const { label: l, status } of w.seen) {
              expect(status, `${l}: answered through a link out`).toBeGreaterThanOrEqual(400);
            }
          }
          await w.expectUntouched(label);
          await w.expectCaseClean(c, label);
        });
      }
    }
  }
});

describe("a component swapped for a link to / (reads)", () => {
  /** Names of / and /etc that no listing of ada may show. */
  const SYSTEM_NAMES = ['"shadow"', '"hostname"', '"proc"', '"usr"'];
  const TARGETS = ["/etc/passwd", "/etc", "/"];
  for (const op of SLASH_OPS) {
    for (const [depth, component] of COMPONENTS.entries()) {
      it(`${op.name} — ${component} → ${TARGETS[depth]}`, async () => {
        const c = await w.newCase();
        await mkdirs(c.abs(`${c.base}/x/etc`));
        await writeFile(c.abs(`${c.base}/x/etc/passwd`), "own passwd\n");
        const main = op.main(c.base);
        await swapForLink(c.abs(componentOf(main, depth)), TARGETS[depth] as string);
        for (const url of op.url(main)) {
          const res = await w.req("ada", url);
          const text = res.body.toString("latin1");
          for (const name of SYSTEM_NAMES) expect(text, url).not.toContain(name);
          const location = res.headers.location;
          if (typeof location === "string") await w.req(undefined, location);
        }
        await w.expectUntouched(op.name);
      });
    }
  }
  it("the database itself, linked as a file", async () => {
    const c = await w.newCase();
    await swapForLink(c.abs(`${c.dir}/f.txt`), path.join(w.data, "test.db"));
    for (const url of [
      `/api/raw${c.dir}/f.txt`,
      `/api/resources${c.dir}/f.txt`,
      `/api/resources${c.dir}/f.txt?checksum=sha256`,
      `/api/raw${c.dir}?algo=zip`,
    ]) {
      await w.req("ada", url);
    }
    await w.expectUntouched("test.db");
  });
});

const mkdirs = (p: string) => mkdir(p, { recursive: true });

describe("findings of issue 27", () => {
  it("finding 1: m2hv with override never writes through a link in its output folder", async () => {
    const c = await w.newCase();
    // out/pwn.tex, where the tool copies its source, is a link to a file outside the root.
    await writeFile(c.abs(`${c.base}/pwn.tex`), "\\ElencoTestimoni{A/B}\npwned \\VV{{A:a}{B:b}}\n");
    await mkdirs(c.abs(`${c.base}/out`));
    await symlink(path.join(w.canary, "f.txt"), c.abs(`${c.base}/out/pwn.tex`));
    await mkdirs(c.abs(`${c.base}/out2`));
    await symlink(
      path.join(w.target.t.root, "secret", "secret.txt"),
      c.abs(`${c.base}/out2/pwn.tex`),
    );
    for (const out of ["out", "out2"]) {
      const url = `/api/resources${c.base}/pwn.tex?action=mauro:m2hv&destination=${encodeURIComponent(`${c.base}/${out}`)}&override=true`;
      await w.req("ada", url, { method: "PATCH" });
    }
    await w.expectUntouched("m2hv through out/pwn.tex");
  });

  /** Starts an upload of 64 bytes, and replaces its staged file by a link to `outside`. */
  async function stagedForLink(
    tusUrl: string,
    user: string | undefined,
    folder: string,
    outside: string,
  ) {
    const before = new Set(await readdir(folder).catch(() => []));
    const start = await w.req(user, tusUrl, { method: "POST", headers: { "upload-length": "64" } });
    expect(start.status, start.body.toString()).toBe(201);
    const staged = (await readdir(folder)).filter((n) => !before.has(n) && n !== "up.txt");
    for (const name of staged) {
      await rm(path.join(folder, name), { recursive: true, force: true });
      await symlink(outside, path.join(folder, name));
    }
    return staged;
  }

  async function neitherSizeNorAppend(tusUrl: string, user: string | undefined) {
    const head = await w.req(user, tusUrl, { method: "HEAD" });
    expect(head.headers["upload-offset"], "the size of the outside file").not.toBe(
      String(SECRET.length),
    );
    const octets = { "content-type": "application/offset+octet-stream" };
    for (const [offset, body] of [
      [String(SECRET.length), "A".repeat(64 - SECRET.length)],
      ["0", "B".repeat(64)],
    ] as const) {
      await w.req(user, tusUrl, {
        method: "PATCH",
        headers: { ...octets, "upload-offset": offset },
        body,
      });
    }
    await w.req(user, tusUrl, { method: "HEAD" });
  }

  it("finding 2: a tus upload's staged file swapped for a link: HEAD tells no size, PATCH appends nothing", async () => {
    const c = await w.newCase();
    const folder = c.abs(`${c.base}/work`);
    await mkdirs(folder);
    const secret = path.join(w.target.t.root, "secret", "secret.txt");
    const url = `/api/tus${c.base}/work/up.txt`;
    const staged = await stagedForLink(url, "ada", folder, secret);
    expect(staged.length, "the staged file").toBeGreaterThan(0);
    await neitherSizeNorAppend(url, "ada");
    await w.expectUntouched("tus staged link");
    await w.expectCaseClean(c, "tus staged link");
  });

  it("finding 2 through a drop box: the same on /api/public/tus", async () => {
    const c = await w.newCase();
    const folder = c.abs(`${c.base}/work`);
    await mkdirs(folder);
    const hash = await w.share(`${c.base}/work/`, { mode: "upload" });
    const secret = path.join(w.target.t.root, "secret", "secret.txt");
    const url = `/api/public/tus/${hash}/up.txt`;
    await stagedForLink(url, undefined, folder, secret);
    await neitherSizeNorAppend(url, undefined);
    await w.expectUntouched("drop box staged link");
    await w.expectCaseClean(c, "drop box staged link");
  });
});
