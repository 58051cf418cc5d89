import { randomBytes } from "node:crypto";
import { lstat, mkdir, readdir, rename, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { patchUrl } from "../test/attack-target.js";
import type { RawResponse } from "../test/http.js";
import { startRacer, startSnatcher } from "../test/link-racer.js";
import { opNamed, OPS } from "../test/links-behind-ops.js";
import {
  asideOf,
  COMPONENTS,
  componentOf,
  linkTargetOf,
  OUTSIDES,
  startWorld,
  type Case,
  type Outside,
  type World,
} from "../test/links-behind-world.js";
import { readInTwo, sendInTwo } from "../test/slow-requests.js";

/**
 * Links made behind the server's back during the request (issue 27): a program flips a
 * component of the path (the file itself, its folder, the folder above) between what it is and
 * a link out, thousands of times a second, while the request runs again and again; or it
 * replaces the server's work in progress (a staged file) the moment it appears; or it swaps a
 * folder at a chosen moment inside a request (half a body sent, half an archive read, a tool
 * running). Whatever the timing: no 5xx, no outside byte in an answer or copied into the
 * scope, nothing outside changed or created.
 */
let w: World;

beforeAll(async () => {
  // The search index's watcher is left out: a racer's renames flood it (see the last case).
  w = await startWorld({ app: { app: { search: { watch: false } } } });
});
afterAll(() => w.close());
afterEach(() => w.heal());

/** Requests per case under a racer (a tool run takes longer). */
const RUNS = 12;
const SLOW_RUNS = 3;

describe("a component flipping between itself and a link during the request", () => {
  OPS.forEach((op, i) => {
    for (const [depth, component] of COMPONENTS.entries()) {
      // One outside place per case, in turn; never the data folder for what deletes or moves.
      const places: readonly Outside[] = op.kind === "destroy" ? ["canary", "eve"] : OUTSIDES;
      const place = places[(i + depth) % places.length] as Outside;
      it(`${op.name} — ${component} ↔ ${place}`, { timeout: 60_000 }, async () => {
        const c = await w.newCase();
        const main = op.main(c);
        const racer = await startRacer(
          c.abs(componentOf(main, depth)),
          linkTargetOf(w, place, main, depth),
        );
        let flips: number;
        try {
          for (let run = 0; run < (op.slow ? SLOW_RUNS : RUNS); run++) {
            await racer.pause();
            await w.refill(c);
            const prepared = op.prepare ? await op.prepare(w, c) : "";
            racer.resume();
            await op.run(w, c, prepared);
          }
        } finally {
          flips = await racer.stop();
        }
        const label = `${op.name}, ${component} ↔ ${place}`;
        expect(flips, "the racer swapped").toBeGreaterThan(0);
        await w.expectUntouched(label);
        await w.expectCaseClean(c, label);
      });
    }
  });
});

describe("the server's work in progress replaced by a link the moment it appears", () => {
  const WRITES = [
    "POST /api/resources: a new file (override)",
    "PUT /api/resources (save)",
    "PATCH copy: the destination file",
    "PATCH copy: the destination folder",
    "PATCH rename: the destination",
    "PATCH unzip: the destination folder",
    "PATCH mauro:m2hv: the destination folder",
    "PATCH mauro:pdflatex: the source and its folder",
    "tus: POST, HEAD, PATCH, HEAD",
    "drop box tus: POST, HEAD, PATCH, HEAD",
  ];
  for (const name of WRITES) {
    const op = opNamed(name);
    it(name, { timeout: 60_000 }, async () => {
      const c = await w.newCase();
      const dirs = [c.dir, `${c.dir}/sub`, `${c.dir}/out`, `${c.base}/dest`].map((p) => c.abs(p));
      for (let run = 0; run < (op.slow ? SLOW_RUNS : 6); run++) {
        await w.refill(c);
        const prepared = op.prepare ? await op.prepare(w, c) : "";
        const snatcher = await startSnatcher(dirs, path.join(w.canary, "f.txt"), w.canary);
        try {
          await op.run(w, c, prepared);
        } finally {
          await snatcher.stop();
        }
      }
      await w.expectUntouched(name);
      await w.expectCaseClean(c, name);
    });
  }
});

/** Waits until `check` holds (at most 5 s). */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 5_000;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`not within 5 s: ${what}`);
}

/** Replaces the folder `abs` by a link to `to` now (the real one kept aside). */
async function swapFolder(abs: string, to: string): Promise<void> {
  await rename(abs, asideOf(abs));
  await symlink(to, abs);
}

/** Hidden names in `dir` that were not in `before`: the server's work in progress. */
async function newHidden(dir: string, before: Set<string>): Promise<string[]> {
  const names = await readdir(dir).catch(() => []);
  return names.filter((n) => n.startsWith(".") && !before.has(n));
}

const BIG = randomBytes(24 << 20);

describe("a folder swapped at a chosen moment inside the request", () => {
  const auth = () => ({ "x-auth": w.target.tokens.ada });
  const check = async (res: RawResponse, label: string, c: Case) => {
    await w.expectClean(res, label);
    await w.expectUntouched(label);
    await w.expectCaseClean(c, label);
  };

  for (const algo of ["tar", "zip", "targz"]) {
    it(
      `an archive (${algo}) of a folder swapped while it streams`,
      { timeout: 60_000 },
      async () => {
        const c = await w.newCase();
        // A large first file holds the stream; the folder is swapped before the next is read.
        await writeFile(c.abs(`${c.dir}/sub/a-big.bin`), BIG);
        const res = await readInTwo(w.target.port, `/api/raw${c.dir}/sub?algo=${algo}`, {
          headers: auth(),
          after: 64 << 10,
          between: () => swapFolder(c.abs(`${c.dir}/sub`), w.canary),
        });
        await check(res, `${algo} swapped mid-stream`, c);
      },
    );
  }

  it("a tool's output folder swapped while the tool runs (m2hv)", { timeout: 60_000 }, async () => {
    const c = await w.newCase();
    await writeFile(
      c.abs(`${c.base}/slow.tex`),
      "%STANDIN:sleep 1\n\\ElencoTestimoni{A/B}\nTesto \\VV{{A:uno}{B:due}}\n",
    );
    const url = `/api/resources${c.base}/slow.tex?action=mauro%3Am2hv&destination=${encodeURIComponent(`${c.dir}/out`)}&override=true`;
    const pending = w.req("ada", url, { method: "PATCH" });
    // The source's copy in the output folder: the tool is running.
    await until(
      async () => !!(await lstat(c.abs(`${c.dir}/out/slow.tex`)).catch(() => undefined)),
      "the tool started",
    );
    await swapFolder(c.abs(`${c.dir}/out`), w.canary);
    await pending;
    await w.expectUntouched("m2hv output swapped");
    await w.expectCaseClean(c, "m2hv output swapped");
  });

  it(
    "a tool's source folder swapped while the tool runs (pdflatex)",
    { timeout: 60_000 },
    async () => {
      const c = await w.newCase();
      await writeFile(
        c.abs(`${c.dir}/doc.tex`),
        "\\documentclass{article}\\begin{document}own\\end{document}\n",
      );
      const pending = w.req(
        "ada",
        `/api/resources${c.dir}/doc.tex?action=mauro%3Apdflatex&override=true`,
        {
          method: "PATCH",
        },
      );
      await until(
        async () => !!(await lstat(c.abs(`${c.dir}/doc.log`)).catch(() => undefined)),
        "pdflatex started",
      );
      await swapFolder(c.abs(c.dir), w.canary);
      await pending;
      await w.expectUntouched("pdflatex folder swapped");
      await w.expectCaseClean(c, "pdflatex folder swapped");
    },
  );

  /** A body sent in two parts, with `swap` between them once the server is writing. */
  async function halfway(
    c: Case,
    url: string,
    method: string,
    headers: Record<string, string>,
    watch: string,
    swap: (staged: string[]) => Promise<void>,
  ): Promise<RawResponse> {
    const before = new Set(await readdir(c.abs(watch)));
    return sendInTwo(w.target.port, url, {
      method,
      headers,
      first: Buffer.alloc(1000, "a"),
      rest: Buffer.alloc(1000, "b"),
      async between() {
        let staged: string[] = [];
        await until(async () => {
          staged = await newHidden(c.abs(watch), before);
          return staged.length > 0;
        }, "the server writing").catch(() => undefined);
        await new Promise((r) => setTimeout(r, 50));
        await swap(staged);
      },
    });
  }

  /** Each staged entry replaced by a link to an outside file of another mode than the target. */
  const linkStaged = (c: Case, watch: string) => async (staged: string[]) => {
    for (const name of staged) {
      await rename(c.abs(`${watch}/${name}`), c.abs(`${watch}/.taken-${name}`));
      await symlink(path.join(w.canary, "f.txt"), c.abs(`${watch}/${name}`));
    }
  };
  const swapDir = (c: Case) => () => swapFolder(c.abs(c.dir), w.canary);

  for (const [what, swap] of [
    ["its folder swapped", swapDir],
    ["its staged file swapped", (c: Case) => linkStaged(c, c.dir)],
  ] as const) {
    it(`POST /api/resources of a file, ${what} halfway through the body`, async () => {
      const c = await w.newCase();
      const res = await halfway(
        c,
        `/api/resources${c.dir}/f.txt?override=true`,
        "POST",
        auth(),
        c.dir,
        swap(c),
      );
      await check(res, `POST ${what}`, c);
    });

    it(`PUT /api/resources, ${what} halfway through the body`, async () => {
      const c = await w.newCase();
      const res = await halfway(c, `/api/resources${c.dir}/f.txt`, "PUT", auth(), c.dir, swap(c));
      await check(res, `PUT ${what}`, c);
    });

    it(`tus PATCH, ${what} halfway through the chunk`, async () => {
      const c = await w.newCase();
      const url = `/api/tus${c.dir}/f.txt`;
      const before = new Set(await readdir(c.abs(c.dir)));
      const start = await w.req("ada", `${url}?override=true`, {
        method: "POST",
        headers: { "upload-length": "2000" },
      });
      expect(start.status).toBe(201);
      const staged = await newHidden(c.abs(c.dir), before);
      const res = await sendInTwo(w.target.port, url, {
        method: "PATCH",
        headers: {
          ...auth(),
          "upload-offset": "0",
          "content-type": "application/offset+octet-stream",
        },
        first: Buffer.alloc(1000, "a"),
        rest: Buffer.alloc(1000, "b"),
        async between() {
          await new Promise((r) => setTimeout(r, 100));
          await swap(c)(staged);
        },
      });
      await check(res, `tus ${what}`, c);
      await w.req("ada", url, { method: "HEAD" });
    });
  }

  it("drop box tus PATCH, the shared folder swapped halfway through the chunk", async () => {
    const c = await w.newCase();
    const hash = await w.share(`${c.dir}/sub/`, { mode: "upload" });
    const url = `/api/public/tus/${hash}/drop.txt`;
    const start = await w.req(undefined, url, {
      method: "POST",
      headers: { "upload-length": "2000" },
    });
    expect(start.status).toBe(201);
    const res = await sendInTwo(w.target.port, url, {
      method: "PATCH",
      headers: { "upload-offset": "0", "content-type": "application/offset+octet-stream" },
      first: Buffer.alloc(1000, "a"),
      rest: Buffer.alloc(1000, "b"),
      async between() {
        await new Promise((r) => setTimeout(r, 100));
        await swapFolder(c.abs(`${c.dir}/sub`), w.canary);
      },
    });
    await check(res, "drop box swapped", c);
  });

  it(
    "a copy of a large folder, a subfolder flipping while it copies",
    { timeout: 60_000 },
    async () => {
      const c = await w.newCase();
      await mkdir(c.abs(`${c.dir}/sub/z`), { recursive: true });
      await writeFile(c.abs(`${c.dir}/sub/a-big.bin`), BIG);
      await writeFile(c.abs(`${c.dir}/sub/z/f.txt`), "own z\n");
      const racer = await startRacer(c.abs(`${c.dir}/sub/z`), w.canary);
      try {
        const res = await w.req(
          "ada",
          patchUrl(`${c.dir}/sub`, "copy", `${c.base}/dest/sub2`, true),
          { method: "PATCH" },
        );
        await w.expectClean(res, "copy big");
      } finally {
        await racer.stop();
      }
      await w.expectUntouched("copy big folder");
      await w.expectCaseClean(c, "copy big folder");
    },
  );
});

describe("a burst of renames (the search index's watcher)", () => {
  it("the server keeps answering while a name flips for 3 s", { timeout: 120_000 }, async () => {
    // The default server, watcher on: every rename in the files reaches it.
    const own = await startWorld();
    try {
      const c = await own.newCase();
      const racer = await startRacer(c.abs(`${c.dir}/f.txt`), path.join(own.canary, "f.txt"), {
        ms: 3000,
      });
      // Answers that arrive while the name is still flipping: a server whose event loop the
      // events hold answers the first request only once the flipping is over.
      let answeredDuring = 0;
      let flips: number;
      try {
        while (!racer.finished()) {
          const res = await own.target.as("ada", "/api/resources/");
          expect(res.status).toBe(200);
          if (!racer.finished()) answeredDuring++;
          await new Promise((r) => setTimeout(r, 50));
        }
      } finally {
        flips = await racer.stop();
      }
      expect(flips).toBeGreaterThan(0);
      expect(answeredDuring).toBeGreaterThanOrEqual(5);
    } finally {
      await own.close();
    }
  });
});
