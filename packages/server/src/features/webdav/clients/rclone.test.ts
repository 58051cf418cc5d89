/**
 * rclone (Debian's) syncs a folder of 1,000 files up to /dav/ and back with identical SHA-256;
 * what the user's rules deny and what lies outside the user's scope is never listed nor fetched.
 * The same round trip against Apache's mod_dav first shows the harness is right.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApacheDav, type ApacheDav } from "../../../test/dav/apache.js";
import { startDavServer, type DavServer } from "../../../test/dav/dav-server.js";
import { rcloneFor } from "../../../test/dav/rclone.js";
import { ACCENTED_NAME, hashTree, makeTree, treeDifferences } from "../../../test/dav/tree.js";

const FILES = 1000;
/**
 * Enough parallel transfers for 1,000 small files, not so many the 2-core runner chokes. rclone's
 * WebDAV backend paces itself (10 ms between calls, about 100 calls a second, not settable in
 * 1.60): 1,000 uploads (a PUT and a PROPFIND each) take some 20 s whatever the server. A failure
 * fails at once rather than after rclone's retries.
 */
const PARALLEL = [
  "--transfers",
  "8",
  "--checkers",
  "8",
  "--retries",
  "1",
  "--low-level-retries",
  "2",
];
/** The baseline's round trip checks the harness: fewer files (rclone's pacing is the same). */
const APACHE_FILES = 200;

let work: string;
let source: string;
let sourceHashes: Map<string, string>;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "scriptorium-rclone-test-"));
  source = path.join(work, "source");
  await makeTree(source, FILES);
  sourceHashes = await hashTree(source);
  expect(sourceHashes.size).toBe(FILES);
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe("rclone against Apache mod_dav (the baseline)", () => {
  const auth = { user: "rclone", password: "rclone-password-1" };
  let apache: ApacheDav;
  beforeAll(async () => {
    apache = await startApacheDav({ auth });
  });
  afterAll(() => apache?.stop());

  it(`syncs ${APACHE_FILES} files up and back with identical hashes`, async () => {
    const rclone = await rcloneFor(apache.url, auth);
    try {
      const small = path.join(work, "source-apache");
      const back = path.join(work, "back-apache");
      await makeTree(small, APACHE_FILES);
      await rclone.run(["sync", small, "dav:up", ...PARALLEL]);
      await rclone.run(["sync", "dav:up", back, ...PARALLEL]);
      expect(treeDifferences(await hashTree(small), await hashTree(back))).toEqual([]);
    } finally {
      await rclone.close();
    }
  }, 120_000);
});

describe("rclone against our /dav/", () => {
  let dav: DavServer;
  beforeAll(async () => {
    dav = await startDavServer();
    // carla sees /carla only, and her rules deny /private in it.
    await dav.addUser({
      username: "carla",
      password: "carla-password-1",
      scope: "/carla",
      rules: [{ allow: false, path: "/private" }],
    });
    const root = dav.t.root;
    await mkdir(path.join(root, "carla", "private"), { recursive: true });
    await writeFile(path.join(root, "carla", "private", "secret.tex"), "denied by a rule\n");
    await mkdir(path.join(root, "elsewhere"), { recursive: true });
    await writeFile(path.join(root, "elsewhere", "outside.tex"), "outside carla's scope\n");
  });
  afterAll(() => dav?.close());

  it("syncs 1,000 files up and back with identical hashes, on disk where they belong", async () => {
    const rclone = await rcloneFor(dav.url, await dav.credentials("carla", "carla-password-1"));
    try {
      const back = path.join(work, "back-ours");
      await rclone.run(["sync", source, "dav:up", ...PARALLEL]);
      // On the server's disk, inside carla's scope.
      expect(
        treeDifferences(sourceHashes, await hashTree(path.join(dav.t.root, "carla", "up"))),
      ).toEqual([]);
      await rclone.run(["sync", "dav:up", back, ...PARALLEL]);
      expect(treeDifferences(sourceHashes, await hashTree(back))).toEqual([]);
      expect((await hashTree(back)).has(ACCENTED_NAME)).toBe(true);
      // A second sync finds nothing to do (sizes and times match).
      const again = await rclone.run(["sync", source, "dav:up", "-v", ...PARALLEL]);
      expect(again.stderr).not.toMatch(/: Copied \(/);
    } finally {
      await rclone.close();
    }
  }, 120_000);

  it("never lists nor fetches what the rules deny or what lies outside the scope", async () => {
    const rclone = await rcloneFor(dav.url, await dav.credentials("carla", "carla-password-1"));
    try {
      const listing = (await rclone.run(["lsf", "-R", "dav:"])).stdout.split("\n");
      expect(listing.filter((l) => /private|secret|outside|elsewhere|carla/.test(l))).toEqual([]);
      expect(listing).toContain("up/");

      const denied = await rclone.run(["cat", "dav:private/secret.tex"], { allowFail: true });
      expect(denied.code).not.toBe(0);
      expect(denied.stdout).not.toContain("denied by a rule");
      const deniedDir = await rclone.run(["lsf", "dav:private"], { allowFail: true });
      expect(deniedDir.code).not.toBe(0);

      // The whole scope but up/ (fetched in the test before) copied back: nothing at all.
      const rest = path.join(work, "rest-ours");
      await mkdir(rest, { recursive: true });
      await rclone.run(["copy", "dav:", rest, "--exclude", "/up/**", ...PARALLEL]);
      expect([...(await hashTree(rest)).keys()]).toEqual([]);

      // Outside the scope, by any path the client can write.
      for (const remote of ["dav:../elsewhere/outside.tex", "dav:/../elsewhere/outside.tex"]) {
        const out = await rclone.run(["cat", remote], { allowFail: true });
        expect(out.stdout, remote).not.toContain("outside carla's scope");
      }
    } finally {
      await rclone.close();
    }
  }, 120_000);
});
