import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isWithin } from "@scriptorium/shared";
import { AppError } from "../errors.js";
import { normalizeRequestPath } from "../lib/safe-path.js";
import { createStorage } from "../storage/storage.js";
import type { UserFs } from "../storage/user-fs.js";

/**
 * Property-based fuzzing of path normalisation against the containment invariant: whatever the
 * request path, the result stays inside the scope or is refused. Runs are bounded (a few
 * thousand cases, well under a second each property) and seeded by fast-check, which prints
 * the seed and the shrunk counterexample on failure.
 */
const RUNS = 2000;

/** Pieces that matter to a path parser, so random strings hit the interesting cases often. */
const PIECE = fc.constantFrom(
  "/",
  "//",
  ".",
  "..",
  "...",
  "\\",
  "%2e",
  "%2f",
  "%5c",
  "%00",
  "%25",
  "%",
  "a",
  "b",
  "..a",
  "a..",
  " ",
  "~",
  ":",
  "C:",
  "\u2024",
  "\uff0e",
  "é",
);
const REQUEST_PATH = fc
  .array(fc.oneof({ weight: 4, arbitrary: PIECE }, { weight: 1, arbitrary: fc.string() }), {
    maxLength: 24,
  })
  .map((parts) => parts.join(""));

/** Decodes once, as the router does; undefined when the encoding is invalid (a 400). */
function decodeOnce(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

const SCOPE = "/srv/files/ada";

describe("normalizeRequestPath", () => {
  it("never climbs above the scope, and is idempotent", () => {
    fc.assert(
      fc.property(REQUEST_PATH, (raw) => {
        for (const input of [raw, decodeOnce(raw)]) {
          if (input === undefined) continue;
          let result: { path: string };
          try {
            result = normalizeRequestPath(input);
          } catch {
            // Refused: only a NUL byte may be refused.
            expect(input).toContain("\0");
            continue;
          }
          const p = result.path;
          expect(p.startsWith("/")).toBe(true);
          expect(p).not.toContain("\\");
          expect(p).not.toContain("//");
          expect(p.split("/")).not.toContain("..");
          expect(p === "/" || !p.split("/").slice(1).includes(".")).toBe(true);
          expect(isWithin(SCOPE, path.posix.join(SCOPE, p))).toBe(true);
          expect(normalizeRequestPath(p).path).toBe(p);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe("isWithin", () => {
  const SEGMENT = fc.constantFrom("a", "ab", "b", ".", "..", "..a", "a..", "", "...", "a b");
  const PATH = fc.array(SEGMENT, { maxLength: 8 }).map((s) => "/" + s.join("/"));

  /** The same question answered by node:path. */
  function reference(parent: string, candidate: string): boolean {
    const rel = path.posix.relative(path.posix.resolve(parent), path.posix.resolve(candidate));
    return rel === "" || (rel !== ".." && !rel.startsWith("../") && !path.posix.isAbsolute(rel));
  }

  it("agrees with node:path's relative on any two paths", () => {
    fc.assert(
      fc.property(PATH, PATH, (parent, candidate) => {
        expect(isWithin(parent, candidate)).toBe(reference(parent, candidate));
      }),
      { numRuns: RUNS },
    );
  });

  it("never mistakes a sibling with a common prefix for a child", () => {
    fc.assert(
      fc.property(PATH, fc.constantFrom("x", "..", ".x", "-old", " "), (parent, tail) => {
        const resolved = path.posix.resolve(parent);
        if (resolved === "/") return;
        expect(isWithin(resolved, resolved + tail)).toBe(false);
      }),
      { numRuns: RUNS },
    );
  });
});

describe("the user-fs gate on a real folder with links", () => {
  let dir: string;
  let fs: UserFs;
  let realScope: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "scriptorium-fuzz-"));
    const scope = path.join(dir, "files", "ada");
    await mkdir(path.join(scope, "a", "b"), { recursive: true });
    await mkdir(path.join(scope, "private"), { recursive: true });
    await mkdir(path.join(dir, "files", "secret"), { recursive: true });
    await writeFile(path.join(dir, "files", "secret", "s.txt"), "secret");
    await writeFile(path.join(scope, "a", "f.txt"), "f");
    await symlink("..", path.join(scope, "a", "up"));
    await symlink("../../secret", path.join(scope, "a", "b", "out"));
    await symlink(path.join(dir, "files"), path.join(scope, "abs"));
    await symlink("a/up/a/up", path.join(scope, "chain"));
    await symlink("loop2", path.join(scope, "loop1"));
    await symlink("loop1", path.join(scope, "loop2"));
    await symlink("private", path.join(scope, "p"));
    const storage = createStorage({
      root: path.join(dir, "files"),
      globalRules: () => Promise.resolve([]),
    });
    fs = await storage.forUser({
      scope: "/ada",
      hideDotfiles: false,
      rules: [{ allow: false, path: "/private", regex: false, regexp: { raw: "" } }],
    });
    realScope = await realpath(scope);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const NAMES = fc.constantFrom(
    "a",
    "b",
    "up",
    "out",
    "abs",
    "chain",
    "loop1",
    "p",
    "private",
    "f.txt",
    "s.txt",
    "secret",
    "..",
    ".",
    "",
    "missing",
  );
  const USER_PATH = fc.array(NAMES, { maxLength: 10 }).map((parts) => "/" + parts.join("/"));

  /** The real place of `abs`: its deepest existing ancestor resolved, the rest appended. */
  async function realOf(abs: string): Promise<string> {
    const rest: string[] = [];
    for (let current = abs; ; current = path.dirname(current)) {
      try {
        return path.join(await realpath(current), ...rest.reverse());
      } catch {
        rest.push(path.basename(current));
      }
    }
  }

  it("resolves inside the scope and outside the denied folder, or refuses with a 4xx", async () => {
    await fc.assert(
      fc.asyncProperty(USER_PATH, fc.boolean(), async (userPath, followLink) => {
        let abs: string;
        try {
          abs = (await fs.resolve(userPath, { followLink })).abs;
        } catch (err) {
          expect(err).toBeInstanceOf(AppError);
          expect((err as AppError).status).toBeGreaterThanOrEqual(400);
          expect((err as AppError).status).toBeLessThan(500);
          expect((err as AppError).message).not.toContain(dir);
          return;
        }
        const checked = followLink ? abs : path.dirname(abs);
        const real = await realOf(checked);
        expect(isWithin(realScope, real), `${userPath} → ${real}`).toBe(true);
        expect(isWithin(path.join(realScope, "private"), real), `${userPath} → ${real}`).toBe(
          false,
        );
      }),
      { numRuns: 1000 },
    );
  });
});
