import { lstat, mkdir, readdir, readlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { perm, SECRET } from "../test/attack-target.js";
import { makeTar } from "../test/archive-build.js";
import { opNamed } from "../test/links-behind-ops.js";
import {
  COMPONENTS,
  componentOf,
  linkTargetOf,
  startWorld,
  type World,
} from "../test/links-behind-world.js";

/**
 * Links made behind the server's back by real programs (issue 27): the user's shell, over its
 * WebSocket, runs `tar xf` of an archive holding links (absolute ones included: tar keeps
 * them) and `ln -s` with a target that the shell's path check reads from the working folder
 * while the link resolves from its own, shallower folder. Then the routes run on what the
 * programs made, as in `links-behind.test.ts`.
 */
let w: World;
let token: string;
const COMMANDS = ["tar", "ln", "ls"];

beforeAll(async () => {
  w = await startWorld({ app: { server: (c) => void (c.enableExec = true) } });
  // A second user on ada's scope with the shell: the programs' links are in ada's files.
  await w.target.t.createUser({
    username: "shelly",
    password: "shelly-password-12",
    fields: { scope: "/ada", perm: perm({ execute: true }), commands: COMMANDS },
  });
  token = await w.target.t.login("shelly", "shelly-password-12");
});
afterAll(() => w.close());
afterEach(() => w.heal());

/** One line in the shell, in `folder`, as the web client sends it; its output and close code. */
function shell(line: string, folder: string): Promise<{ text: string; code: number }> {
  const url = `ws://127.0.0.1:${w.target.port}/api/command${folder}?auth=${token}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    let text = "";
    socket.onopen = () => socket.send(line);
    socket.onmessage = (event) => (text += String(event.data));
    socket.onclose = (event) => resolve({ text, code: event.code });
    socket.onerror = () => undefined;
    setTimeout(() => reject(new Error(`no close for ${line}`)), 20_000);
  });
}

/** Runs `tar --recursive-unlink -xf` of `entries` in ada's `folder`, as shelly's program. */
async function untar(folder: string, entries: Parameters<typeof makeTar>[0]): Promise<void> {
  const name = `links-${Math.random().toString(36).slice(2)}.tar`;
  await writeFile(path.join(w.target.ada, folder, name), await makeTar(entries));
  const run = await shell(`tar --recursive-unlink -xf ${name}`, `${folder}/`);
  expect(run.code, `tar: ${run.text}`).toBe(1000);
}

describe("links made by `tar xf` in the shell, then every kind of route", () => {
  const OPS = [
    "GET /api/raw of a file",
    "GET /api/raw of a folder as zip",
    "GET /api/resources of a file",
    "GET /api/resources?checksum",
    "GET /api/preview (thumb and big)",
    "a shared folder: listing, a file, archives, inline",
    "POST /api/resources: a new file (override)",
    "PUT /api/resources (save)",
    "PATCH copy: the source folder",
    "PATCH copy: the destination file",
    "PATCH unzip: the destination folder",
    "PATCH mauro:m2hv: the destination folder",
    "DELETE /api/resources of a folder",
    "tus: POST, HEAD, PATCH, HEAD",
    "drop box tus: POST, HEAD, PATCH, HEAD",
  ];
  for (const name of OPS) {
    const op = opNamed(name);
    for (const [depth, component] of COMPONENTS.entries()) {
      it(`${name} — ${component} made a link by tar`, { timeout: 30_000 }, async () => {
        const c = await w.newCase();
        const prepared = op.prepare ? await op.prepare(w, c) : "";
        const main = op.main(c);
        const at = componentOf(main, depth);
        const to = linkTargetOf(w, "canary", main, depth);
        await untar(path.posix.dirname(at), [{ name: path.posix.basename(at), symlink: to }]);
        expect(await readlink(c.abs(at)), "tar made the link").toBe(to);
        await op.run(w, c, prepared);
        const label = `${name}, ${component} by tar`;
        await w.expectUntouched(label);
        await w.expectCaseClean(c, label);
      });
    }
  }
});

describe("findings of issue 27 with the links made by programs", () => {
  it("finding 1 with `ln -s`: m2hv never writes through out/pwn.tex to the secret", async () => {
    const c = await w.newCase();
    await mkdir(c.abs(`${c.base}/a/b/c`), { recursive: true });
    await mkdir(c.abs(`${c.base}/out`), { recursive: true });
    await writeFile(c.abs(`${c.base}/pwn.tex`), "\\ElencoTestimoni{A/B}\npwned \\VV{{A:a}{B:b}}\n");
    // From a/b/c the target reads as `<case>/secret/secret.txt`, inside the scope; from out/
    // (where the link is) it is `<files root>/secret/secret.txt`.
    const run = await shell(
      "ln -s ../../../secret/secret.txt ../../../out/pwn.tex",
      `${c.base}/a/b/c/`,
    );
    expect(run.code, run.text).toBe(1000);
    expect((await lstat(c.abs(`${c.base}/out/pwn.tex`))).isSymbolicLink()).toBe(true);
    const url = `/api/resources${c.base}/pwn.tex?action=mauro%3Am2hv&destination=${encodeURIComponent(`${c.base}/out`)}&override=true`;
    await w.req("ada", url, { method: "PATCH" });
    await w.expectUntouched("m2hv through a link made by ln -s");
  });

  it("finding 2 with `tar xf`: a tus upload's staged file made a link to the secret", async () => {
    const c = await w.newCase();
    await mkdir(c.abs(`${c.base}/work`), { recursive: true });
    const url = `/api/tus${c.base}/work/up.txt`;
    const start = await w.req("ada", url, { method: "POST", headers: { "upload-length": "64" } });
    expect(start.status).toBe(201);
    const staged = (await readdir(c.abs(`${c.base}/work`))).filter((n) => n !== "up.txt");
    const secret = path.join(w.target.t.root, "secret", "secret.txt");
    await untar(
      `${c.base}/work`,
      staged.map((name) => ({ name, symlink: secret })),
    );
    const head = await w.req("ada", url, { method: "HEAD" });
    expect(head.headers["upload-offset"]).not.toBe(String(SECRET.length));
    await w.req("ada", url, {
      method: "PATCH",
      headers: {
        "upload-offset": String(SECRET.length),
        "content-type": "application/offset+octet-stream",
      },
      body: "A".repeat(64 - SECRET.length),
    });
    await w.expectUntouched("tus staged file made a link by tar");
  });
});
