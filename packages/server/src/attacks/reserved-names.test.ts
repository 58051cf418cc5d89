import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAGING_SUFFIX, type Share } from "@scriptorium/shared";
import { makeTar, makeZip, compress } from "../test/archive-build.js";
import {
  jsonOf,
  patchUrl,
  snapshot,
  startTarget,
  type SendOptions,
  type Target,
} from "../test/attack-target.js";
import { STANDIN_FOLDER } from "../test/tools-target.js";

/**
 * Names ending with the staging suffix (issue 27). Files being written (uploads, saves,
 * extractions) live under such hidden names, which listings leave out and a sweep deletes: a
 * name a person gives must never end with it, or their file would vanish from view and later
 * from disk, and a save could land on another upload's staging file. Every route that creates a
 * name refuses one with a 400 (RESERVED_NAME), and changes nothing.
 */
let target: Target;
let dropBox = "";
const R = `x${STAGING_SUFFIX}`;
const q = encodeURIComponent;

beforeAll(async () => {
  target = await startTarget({
    app: { settings: (s) => void (s.tools.folders = [STANDIN_FOLDER, "/usr/bin"]) },
  });
  await writeFile(path.join(target.ada, "pub", "text.tex"), "Testo\n");
  await writeFile(path.join(target.ada, "pub", "one.zip"), await makeZip([{ name: "a.txt" }]));
  // One planted by hand (or left by a crash): a PUT must not write into it either.
  await writeFile(path.join(target.ada, "pub", `planted${STAGING_SUFFIX}`), "in progress");
  const res = await target.as("ada", "/api/share/pub/", {
    method: "POST",
    body: JSON.stringify({ mode: "upload" }),
  });
  dropBox = jsonOf<Share>(res).hash;
});
afterAll(() => target.close());

/** A request that must be refused with RESERVED_NAME and leave ada's files as they were. */
async function expectRefused(user: string | undefined, url: string, opts: SendOptions) {
  const before = await snapshot(target.ada);
  const res = await target.as(user, url, opts);
  expect(res.status, res.body.toString()).toBe(400);
  const body = jsonOf<{ code: string; message: string }>(res);
  expect(body.code).toBe("RESERVED_NAME");
  expect(body.message).toContain(STAGING_SUFFIX);
  expect(await snapshot(target.ada)).toEqual(before);
}

const upload = { "upload-length": "3", "tus-resumable": "1.0.0" };

describe("every route that creates a name refuses the staging suffix", () => {
  const cases: [string, string | undefined, () => string, SendOptions][] = [
    [
      "resources POST, a file",
      "ada",
      () => `/api/resources/pub/${R}`,
      { method: "POST", body: "x" },
    ],
    ["resources POST, a folder", "ada", () => `/api/resources/pub/${R}/`, { method: "POST" }],
    [
      "resources POST, a folder made on the way",
      "ada",
      () => `/api/resources/pub/${R}/inner.txt`,
      { method: "POST", body: "x" },
    ],
    [
      "resources POST, a file with override",
      "ada",
      () => `/api/resources/pub/planted${STAGING_SUFFIX}?override=true`,
      { method: "POST", body: "x" },
    ],
    [
      "resources PUT, a new name",
      "ada",
      () => `/api/resources/pub/${R}`,
      { method: "PUT", body: "x" },
    ],
    [
      "resources PUT, onto a staging file",
      "ada",
      () => `/api/resources/pub/planted${STAGING_SUFFIX}`,
      { method: "PUT", body: "x" },
    ],
    [
      "PATCH copy destination",
      "ada",
      () => patchUrl("/doc.tex", "copy", `/pub/${R}`),
      { method: "PATCH" },
    ],
    [
      "PATCH rename destination",
      "ada",
      () => patchUrl("/doc.tex", "rename", `/pub/${R}`),
      { method: "PATCH" },
    ],
    [
      "PATCH rename destination, with rename=true",
      "ada",
      () => patchUrl("/doc.tex", "rename", `/pub/${R}`).replace("rename=false", "rename=true"),
      { method: "PATCH" },
    ],
    ["tus POST", "ada", () => `/api/tus/pub/${R}`, { method: "POST", headers: upload }],
    [
      "drop box tus POST",
      undefined,
      () => `/api/public/tus/${dropBox}/${R}`,
      { method: "POST", headers: upload },
    ],
    [
      "edition tool destination",
      "ada",
      () =>
        `/api/resources/pub/text.tex?action=${q("mauro:m2hv")}&destination=${q(`/pub/${R}`)}&commandline=&override=false`,
      { method: "PATCH" },
    ],
    [
      "extraction destination folder",
      "ada",
      () => patchUrl("/pub/one.zip", "unzip", `/pub/${R}/one.zip`),
      { method: "PATCH" },
    ],
  ];
  for (const [name, user, url, opts] of cases) {
    it(name, () => expectRefused(user, url(), opts));
  }

  it("a PUT leaves a staging file as it was", async () => {
    expect(await readFile(path.join(target.ada, "pub", `planted${STAGING_SUFFIX}`), "utf8")).toBe(
      "in progress",
    );
  });

  it("the suffix inside a name, or in another case, is an ordinary name", async () => {
    for (const name of [`a${STAGING_SUFFIX}.txt`, `a${STAGING_SUFFIX.toUpperCase()}`]) {
      const res = await target.as("ada", `/api/resources/pub/${q(name)}`, {
        method: "POST",
        body: "x",
      });
      expect(res.status, name).toBeLessThan(300);
    }
  });
});

describe("an archive with such an entry is refused whole", () => {
  const archives: [string, () => Promise<Buffer>][] = [
    ["entry.zip", () => makeZip([{ name: "ok.txt" }, { name: R, data: "x" }])],
    ["folder.zip", () => makeZip([{ name: "ok.txt" }, { name: `${R}/inner.txt`, data: "x" }])],
    ["entry.tar.gz", () => makeTar([{ name: "ok.txt" }, { name: `d/${R}`, data: "x" }], "gz")],
    [`${R}.gz`, () => compress(Buffer.from("x"), "gz")],
  ];
  for (const [file, make] of archives) {
    it(file, async () => {
      await writeFile(path.join(target.ada, "pub", file), await make());
      const before = await snapshot(target.ada);
      const res = await target.as("ada", patchUrl(`/pub/${q(file)}`, "unzip", `/pub/out/${file}`), {
        method: "PATCH",
      });
      expect(res.status, res.body.toString()).toBe(400);
      const { message } = jsonOf<{ message: string }>(res);
      expect(message).toMatch(/^The archive was not extracted: /);
      expect(message).toContain(STAGING_SUFFIX);
      expect(await snapshot(target.ada)).toEqual(before);
    });
  }
});
