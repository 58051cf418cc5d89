import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { requireTools } from "../../../test/archive-helpers.js";
import { createTestApp, type TestContext } from "../../../test/helpers.js";
import { listen } from "../../../test/http.js";
import type { CodecBackend } from "./offload.js";

/**
 * The real server, listening, with bzip2 done by the system's program and by the worker threads
 * (SCRIPTORIUM_CODECS=worker). Correctness only: how long the event loop waits during the same
 * requests is measured by `npm run bench` (bench/figures/event-loop.ts), not asserted here.
 */
let t: TestContext;
let base: string;
let token: string;

const TEXT = "\\Unit De centris gravitatis, «varia» — liber #1\n";

/** A few files of incompressible and of textual data; smaller for the slow JavaScript encoder. */
function corpus(backend: CodecBackend): [string, Buffer][] {
  const scale = backend === "worker" ? 1 : 4;
  return [
    ["scans/folio-001r.tif", randomBytes(200_000 * scale)],
    ["scans/folio-001v.tif", randomBytes(200_000 * scale)],
    ["tex/caput 1.tex", Buffer.from(TEXT.repeat(12_000 * scale))],
    ["notae.txt", Buffer.from("notae\n")],
  ];
}

async function writeCorpus(dir: string, files: [string, Buffer][]): Promise<void> {
  for (const [name, data] of files) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), data);
  }
}

async function expectCorpus(dir: string, files: [string, Buffer][]): Promise<void> {
  for (const [name, data] of files) {
    expect((await readFile(path.join(dir, name))).equals(data), name).toBe(true);
  }
}

describe.each<CodecBackend>(["program", "worker"])("the server's bzip2 (%s)", (backend) => {
  beforeEach(async () => {
    requireTools("tar", "bzip2");
    if (backend === "worker") process.env.SCRIPTORIUM_CODECS = "worker";
    t = await createTestApp();
    base = `http://127.0.0.1:${await listen(t.app)}`;
    token = await t.login();
  });
  afterEach(async () => {
    delete process.env.SCRIPTORIUM_CODECS;
    await t.close();
  });

  it("downloads a folder as a tar.bz2 that bzip2 -t and tar read back", async () => {
    const files = corpus(backend);
    await writeCorpus(path.join(t.root, "corpus"), files);
    const res = await fetch(`${base}/api/raw/corpus?algo=tarbz2`, { headers: { "X-Auth": token } });
    expect(res.status).toBe(200);
    const archive = path.join(t.dir, "corpus.tar.bz2");
    await writeFile(archive, Buffer.from(await res.arrayBuffer()));
    execFileSync("bzip2", ["-t", archive]);
    const out = path.join(t.dir, "unpacked");
    await mkdir(out);
    execFileSync("tar", ["-xjf", archive, "-C", out]);
    await expectCorpus(out, files);
  });

  it("extracts a .tar.bz2 made by tar -cj byte for byte", async () => {
    const files = corpus(backend);
    const source = path.join(t.dir, "source");
    await writeCorpus(source, files);
    await mkdir(path.join(t.root, "out"));
    execFileSync("tar", ["-cjf", path.join(t.root, "corpus.tar.bz2"), "-C", source, "."]);
    const destination = encodeURIComponent(encodeURIComponent("/out/corpus.tar.bz2"));
    const res = await fetch(
      `${base}/api/resources/corpus.tar.bz2?action=unzip&destination=${destination}&override=false`,
      { method: "PATCH", headers: { "X-Auth": token } },
    );
    expect(res.status, await res.text()).toBe(200);
    await expectCorpus(path.join(t.root, "out"), files);
  });
});
