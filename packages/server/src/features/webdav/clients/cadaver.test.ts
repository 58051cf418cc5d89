/**
 * cadaver (Debian's command-line WebDAV client) scripts a session: mkcol, put, move, lock (a put
 * while locked, then unlock), propset and propget, get; against Apache's mod_dav first (the
 * baseline, showing the script and its checks are right), then against our /dav/, where a path
 * the user's rules deny is absent from `ls` and cannot be fetched.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApacheDav, type ApacheDav } from "../../../test/dav/apache.js";
import { runCadaver, type CadaverRun } from "../../../test/dav/cadaver.js";
import { startDavServer, type DavServer } from "../../../test/dav/dav-server.js";

const TEXT = "\\section{Lettera prima}\nCarissimo amico,\n";
const SESSION = [
  "mkcol edition",
  "put lettera.tex edition/lettera.tex",
  "move edition/lettera.tex edition/lettera-1.tex",
  "lock edition/lettera-1.tex",
  "put lettera-v2.tex edition/lettera-1.tex",
  "unlock edition/lettera-1.tex",
  "propset edition/lettera-1.tex witness A",
  "propget edition/lettera-1.tex witness",
  "ls edition",
  "get edition/lettera-1.tex fetched.tex",
];

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "scriptorium-cadaver-test-"));
  await writeFile(path.join(work, "lettera.tex"), TEXT);
  await writeFile(path.join(work, "lettera-v2.tex"), `${TEXT}% riveduta\n`);
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** Every step of SESSION succeeded, each checked by what cadaver printed for it. */
async function expectSession(run: CadaverRun, cwd: string): Promise<void> {
  const said = (i: number) => `${SESSION[i]} →\n${run.replies[i]}\n(whole session:\n${run.output})`;
  for (const i of [0, 1, 2, 3, 4, 5, 6]) expect(run.replies[i], said(i)).toMatch(/succeeded/);
  for (const i of [0, 1, 2, 3, 4, 5, 6]) expect(run.replies[i], said(i)).not.toMatch(/failed/i);
  expect(run.replies[7], said(7)).toMatch(/Value of witness is: A/);
  expect(run.replies[8], said(8)).toMatch(/lettera-1\.tex/);
  expect(run.replies[8], said(8)).not.toMatch(/lettera\.tex/);
  expect(await readFile(path.join(cwd, "fetched.tex"), "utf8")).toBe(`${TEXT}% riveduta\n`);
}

describe("cadaver against Apache mod_dav (the baseline)", () => {
  const auth = { user: "cadaver", password: "cadaver-password-1" };
  let apache: ApacheDav;
  beforeAll(async () => {
    apache = await startApacheDav({ auth });
  });
  afterAll(() => apache?.stop());

  it("runs the session: mkcol, put, move, lock, put while locked, unlock, propset, get", async () => {
    const cwd = path.join(work, "apache");
    await mkdir(cwd);
    for (const f of ["lettera.tex", "lettera-v2.tex"]) {
      await writeFile(path.join(cwd, f), await readFile(path.join(work, f)));
    }
    const run = await runCadaver(apache.url, auth, SESSION, cwd);
    await expectSession(run, cwd);
    expect(run.code).toBe(0);
  }, 30_000);
});

describe("cadaver against our /dav/", () => {
  let dav: DavServer;
  beforeAll(async () => {
    dav = await startDavServer();
    await dav.addUser({
      username: "carla",
      password: "carla-password-1",
      scope: "/carla",
      rules: [{ allow: false, path: "/edition/private" }],
    });
  });
  afterAll(() => dav?.close());

  it("runs the session, the files landing in the user's scope", async () => {
    const cwd = path.join(work, "ours");
    await mkdir(cwd);
    for (const f of ["lettera.tex", "lettera-v2.tex"]) {
      await writeFile(path.join(cwd, f), await readFile(path.join(work, f)));
    }
    const creds = await dav.credentials("carla", "carla-password-1");
    const run = await runCadaver(dav.url, creds, SESSION, cwd);
    await expectSession(run, cwd);
    expect(run.code).toBe(0);
    const onDisk = path.join(dav.t.root, "carla", "edition", "lettera-1.tex");
    expect(await readFile(onDisk, "utf8")).toBe(`${TEXT}% riveduta\n`);
  }, 30_000);

  it("does not show nor fetch a path the user's rules deny", async () => {
    const edition = path.join(dav.t.root, "carla", "edition");
    await mkdir(path.join(edition, "private"), { recursive: true });
    await writeFile(path.join(edition, "private", "secret.tex"), "denied by a rule\n");
    await writeFile(path.join(edition, "visible.tex"), "allowed\n");
    const cwd = path.join(work, "denied");
    await mkdir(cwd);
    const creds = await dav.credentials("carla", "carla-password-1");
    const run = await runCadaver(
      dav.url,
      creds,
      [
        "ls edition",
        "ls edition/private",
        "get edition/private/secret.tex got.tex",
        "cat edition/private/secret.tex",
      ],
      cwd,
    );
    expect(run.replies[0], run.output).toMatch(/visible\.tex/);
    expect(run.replies[0], run.output).not.toMatch(/private/);
    expect(run.replies[1], run.output).not.toMatch(/secret\.tex/);
    expect(run.replies[1], run.output).toMatch(/failed|not found|404|403/i);
    expect(run.replies[2], run.output).toMatch(/failed|not found|404|403/i);
    expect(run.output).not.toContain("denied by a rule");
    // cadaver opens the local file before asking, and leaves it empty when the GET fails.
    expect(await readFile(path.join(cwd, "got.tex"), "utf8").catch(() => "")).toBe("");
  }, 30_000);
});
