import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTar, makeZip, type TestEntry } from "../test/archive-build.js";
import {
  expectNoLeak,
  outsideAda,
  patchUrl,
  snapshot,
  startTarget,
  type Target,
} from "../test/attack-target.js";

/**
 * Hostile archives (File Browser advisories on zip slip and archive handling; API.md Part A §8):
 * every entry that would land outside the destination, every link that would point out, and
 * every bomb is refused with a 4xx; nothing is left behind, inside or outside.
 */
let target: Target;
let before: string[];

beforeAll(async () => {
  target = await startTarget({
    app: { app: { extractLimits: { maxEntries: 40, maxBytes: 8 * 1024 * 1024, maxRatio: 100 } } },
  });
  await mkdir(path.join(target.ada, "arc"));
  before = await outsideAda(target);
});
afterAll(() => target.close());

let n = 0;
/** Writes the archive under a fresh folder of /arc and asks to extract it there. */
async function extract(name: string, bytes: Buffer) {
  const folder = `/arc/case-${n++}`;
  await mkdir(path.join(target.ada, folder), { recursive: true });
  await writeFile(path.join(target.ada, folder, name), bytes);
  const dir = path.join(target.ada, folder);
  const res = await target.as("ada", patchUrl(`${folder}/${name}`, "unzip", `${folder}/${name}`), {
    method: "PATCH",
  });
  expectNoLeak(target, res, name);
  return { res, left: (await readdir(dir)).filter((f) => f !== name), dir };
}

/** The case is refused with 400 and leaves nothing, in the destination or outside the scope. */
async function expectRefused(name: string, bytes: Buffer) {
  const { res, left } = await extract(name, bytes);
  expect(res.status, res.body.toString()).toBe(400);
  expect(left).toEqual([]);
  expect(await readdir(target.ada)).not.toContain("evil.txt");
  expect(await outsideAda(target)).toEqual(before);
}

const ESCAPES: [string, TestEntry[]][] = [
  ["zip slip", [{ name: "../evil.txt", data: "x" }]],
  ["zip slip two levels", [{ name: "../../evil.txt", data: "x" }]],
  ["slip from a subfolder", [{ name: "a/../../evil.txt", data: "x" }]],
  [
    "slip after a good entry",
    [
      { name: "good.txt", data: "ok" },
      { name: "../evil.txt", data: "x" },
    ],
  ],
  ["absolute name", [{ name: "/tmp/evil.txt", data: "x" }]],
  ["backslash slip", [{ name: "..\\evil.txt", data: "x" }]],
  ["drive letter", [{ name: "C:/evil.txt", data: "x" }]],
  ["link out of the destination", [{ name: "l", symlink: "../../secret" }]],
  ["absolute link", [{ name: "l", symlink: "/etc" }]],
  ["link to the file system root", [{ name: "l", symlink: "/" }]],
  [
    "chain of links out",
    [
      { name: "d/e/", dir: true },
      { name: "d/e/l", symlink: ".." },
      { name: "x", symlink: "d/e/l/../.." },
    ],
  ],
  [
    "a file written through a link entry",
    [
      { name: "up", symlink: ".." },
      { name: "up/evil.txt", data: "x" },
    ],
  ],
];

describe("entries and links that leave the destination", () => {
  for (const [name, entries] of ESCAPES) {
    it(`tar: ${name}`, async () => {
      await expectRefused("a.tar", await makeTar(entries));
    });
    if (!entries.some((e) => e.name.includes(":"))) {
      it(`zip: ${name}`, async () => {
        await expectRefused("a.zip", await makeZip(entries));
      });
    }
  }

  it("tar: a hard link to a file outside", async () => {
    await expectRefused(
      "h.tar",
      await makeTar([{ name: "h", hardlink: "../../secret/secret.txt" }]),
    );
  });

  it("tar: a hard link to an absolute path", async () => {
    await expectRefused("h.tar", await makeTar([{ name: "h", hardlink: "/etc/passwd" }]));
  });
});

describe("bombs", () => {
  it("zip: by compression ratio", async () => {
    const zeros = Buffer.alloc(6 * 1024 * 1024);
    await expectRefused("ratio.zip", await makeZip([{ name: "zeros.bin", data: zeros }]));
  });

  it("tar.gz: by compression ratio", async () => {
    const tar = await makeTar([{ name: "zeros.bin", data: Buffer.alloc(6 * 1024 * 1024) }]);
    await expectRefused("ratio.tar.gz", zlib.gzipSync(tar));
  });

  it("bare .gz: by compression ratio", async () => {
    await expectRefused("zeros.bin.gz", zlib.gzipSync(Buffer.alloc(6 * 1024 * 1024)));
  });

  it("tar: by total size", async () => {
    const big = Buffer.alloc(9 * 1024 * 1024, 7);
    await expectRefused("big.tar", await makeTar([{ name: "big.bin", data: big }]));
  });

  for (const kind of ["zip", "tar"] as const) {
    it(`${kind}: by entry count`, async () => {
      const entries = Array.from({ length: 60 }, (_, i) => ({ name: `f${i}.txt`, data: "x" }));
      const bytes = kind === "zip" ? await makeZip(entries) : await makeTar(entries);
      await expectRefused(`many.${kind}`, bytes);
    });
  }

  it("zip: by entry count in empty folders", async () => {
    const entries = Array.from({ length: 60 }, (_, i) => ({ name: `d${i}/`, dir: true }));
    await expectRefused("dirs.zip", await makeZip(entries));
  });
});

describe("odd names and shapes: a 4xx or a clean result, never a 5xx or a server path", () => {
  const odd: [string, TestEntry[]][] = [
    [
      "duplicate names",
      [
        { name: "a.txt", data: "1" },
        { name: "a.txt", data: "2" },
      ],
    ],
    [
      "a file then a folder of the same name",
      [
        { name: "a", data: "1" },
        { name: "a/b.txt", data: "2" },
      ],
    ],
    [
      "a folder then a file of the same name",
      [
        { name: "a/b.txt", data: "1" },
        { name: "a", data: "2" },
      ],
    ],
    [
      "a link then a file of the same name",
      [
        { name: "a", symlink: "b" },
        { name: "a", data: "2" },
      ],
    ],
    ["a 300-character name", [{ name: `${"n".repeat(300)}.txt`, data: "x" }]],
    ["a 5000-character path", [{ name: `${"d/".repeat(2500)}x.txt`, data: "x" }]],
    [
      "dots only",
      [
        { name: "./", dir: true },
        { name: "...", data: "x" },
      ],
    ],
    ["control characters", [{ name: "new\r\nline.txt", data: "x" }]],
    ["a hidden file", [{ name: ".htaccess", data: "x" }]],
    // tar ends a name at its first NUL: this one is "a", inside.
    ["a NUL byte in a name", [{ name: "a\0/../../evil.txt", data: "x" }]],
  ];
  for (const [name, entries] of odd) {
    for (const kind of ["tar", "zip"] as const) {
      it(`${kind}: ${name}`, async () => {
        const bytes = kind === "zip" ? await makeZip(entries) : await makeTar(entries);
        const { res, left } = await extract(`odd.${kind}`, bytes);
        expect(res.status, res.body.toString()).toBeLessThan(500);
        if (res.status >= 400) expect(left).toEqual([]);
        expect(await outsideAda(target)).toEqual(before);
      });
    }
  }

  for (const [name, bytes] of [
    [
      "truncated.zip",
      async () => (await makeZip([{ name: "a.txt", data: "x".repeat(5000) }])).subarray(0, 100),
    ],
    ["garbage.zip", () => Promise.resolve(Buffer.from("PK\u0003\u0004 not really a zip"))],
    [
      "truncated.tar.gz",
      async () => zlib.gzipSync(await makeTar([{ name: "a.txt", data: "x" }])).subarray(0, 30),
    ],
    ["empty.tar", () => Promise.resolve(Buffer.alloc(0))],
    ["garbage.rar", () => Promise.resolve(Buffer.from("Rar!\u001a\u0007\u0001\u0000 junk"))],
  ] as const) {
    it(`corrupt archive: ${name}`, async () => {
      const { res, left } = await extract(name, await bytes());
      expect(res.status).toBeLessThan(500);
      if (res.status >= 400) expect(left).toEqual([]);
    });
  }

  it("the control: a clean archive extracts", async () => {
    const { res, dir } = await extract(
      "ok.zip",
      await makeZip([{ name: "in/ok.txt", data: "ok" }]),
    );
    expect(res.status).toBe(200);
    expect(await snapshot(dir)).toEqual(expect.arrayContaining(["in/"]));
  });
});
