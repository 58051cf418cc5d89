import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTar } from "../test/archive-build.js";
import { expectSafe, jsonOf, patchUrl, startTarget, type Target } from "../test/attack-target.js";

/**
 * Errors that name the server (API.md Part A §21; issue 9 findings 6 and 11): whatever the
 * filesystem says — a name too long, a link loop, a missing parent, a file where a folder was
 * expected — the answer is a 4xx with our generic message, never a 5xx and never a path.
 */
let target: Target;
const LONG = "n".repeat(300);

beforeAll(async () => {
  target = await startTarget();
  const { ada } = target;
  await symlink("loop-b", path.join(ada, "loop-a"));
  await symlink("loop-a", path.join(ada, "loop-b"));
  await mkdir(path.join(ada, "has-loop"));
  await writeFile(path.join(ada, "has-loop", "f.txt"), "f");
  await symlink("self", path.join(ada, "has-loop", "self"));
  await mkdir(path.join(ada, "deep", ...Array.from({ length: 30 }, () => "d".repeat(100))), {
    recursive: true,
  });
});
afterAll(() => target.close());

function expectGeneric(res: Awaited<ReturnType<Target["as"]>>, label: string) {
  expectSafe(target, res, label);
  expect(res.status, `${label}: ${res.body.toString().slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  const body = jsonOf<{ code: string; message: string }>(res);
  expect(typeof body.code).toBe("string");
  expect(body.message).not.toMatch(/ENAMETOOLONG|ELOOP|ENOENT|ENOTDIR|EISDIR|errno|syscall/);
}

const PATCH = { method: "PATCH" };
const CASES: [string, string, { method: string; body?: string }?][] = [
  ["GET a 300-character name", `/api/resources/${LONG}`],
  ["POST a 300-character name", `/api/resources/${LONG}`, { method: "POST", body: "x" }],
  ["POST a folder with a 300-character name", `/api/resources/${LONG}/`, { method: "POST" }],
  ["tus POST a 300-character name", `/api/tus/${LONG}`, { method: "POST" }],
  ["copy to a 300-character name", patchUrl("/doc.tex", "copy", `/${LONG}`), PATCH],
  ["rename to a 300-character name", patchUrl("/doc.tex", "rename", `/${LONG}`), PATCH],
  ["copy a folder to a 300-character name", patchUrl("/pub", "copy", `/${LONG}`), PATCH],
  ["GET a link loop", "/api/resources/loop-a"],
  ["raw of a link loop", "/api/raw/loop-a"],
  ["PUT through a link loop", "/api/resources/loop-a", { method: "PUT", body: "x" }],
  ["copy a link loop", patchUrl("/loop-a", "copy", "/loop-copy"), PATCH],
  ["copy into a link loop", patchUrl("/doc.tex", "copy", "/loop-a/doc.tex"), PATCH],
  ["move into a link loop", patchUrl("/doc.tex", "rename", "/loop-a/doc.tex"), PATCH],
  ["a file as a folder", "/api/resources/doc.tex/child.txt"],
  ["POST under a file", "/api/resources/doc.tex/child.txt", { method: "POST", body: "x" }],
  ["copy under a file", patchUrl("/pub/subs.srt", "copy", "/doc.tex/subs.srt"), PATCH],
  ["copy a missing source", patchUrl("/missing.txt", "copy", "/x.txt"), PATCH],
  ["PUT a missing file", "/api/resources/missing/x.txt", { method: "PUT", body: "x" }],
  ["a path longer than PATH_MAX", `/api/resources/deep/${"e".repeat(200)}/${"f".repeat(2000)}`],
  [
    "POST past PATH_MAX",
    `/api/resources/deep/${Array.from({ length: 30 }, () => "d".repeat(100)).join("/")}/${Array.from({ length: 6 }, () => "x".repeat(200)).join("/")}/z.txt`,
    { method: "POST", body: "x" },
  ],
];

describe("filesystem errors as 4xx without paths", () => {
  for (const [name, url, opts] of CASES) {
    it(name, async () => {
      const res = await target.as("ada", url, opts);
      expectGeneric(res, name);
    });
  }

  it("copying a folder that holds a link loop does not fail with a 5xx", async () => {
    const res = await target.as("ada", patchUrl("/has-loop", "copy", "/has-loop-copy"), PATCH);
    expectSafe(target, res, "copy has-loop");
  });

  it("moving a folder that holds a link loop does not fail with a 5xx", async () => {
    const res = await target.as("ada", patchUrl("/has-loop", "rename", "/has-loop-moved"), PATCH);
    expectSafe(target, res, "move has-loop");
  });

  it("extracting an entry with a 300-character name", async () => {
    await writeFile(path.join(target.ada, "long.tar"), await makeTar([{ name: LONG, data: "x" }]));
    const res = await target.as("ada", patchUrl("/long.tar", "unzip", "/long.tar"), PATCH);
    expectGeneric(res, "unzip long");
  });

  it("extracting an entry past PATH_MAX", async () => {
    const name = Array.from({ length: 40 }, () => "p".repeat(120)).join("/") + "/x.txt";
    await writeFile(path.join(target.ada, "deep.tar"), await makeTar([{ name, data: "x" }]));
    const res = await target.as("ada", patchUrl("/deep.tar", "unzip", "/deep.tar"), PATCH);
    expectSafe(target, res, "unzip deep");
  });
});
