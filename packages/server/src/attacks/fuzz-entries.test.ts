import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isWithin } from "@scriptorium/shared";
import { AppError } from "../errors.js";
import { checkLinkTarget, entryPath } from "../storage/extraction/policy.js";

/**
 * Property-based fuzzing of archive entry names and link targets (API.md Part A §8): whatever an
 * archive calls an entry, the place it is written to is inside the destination, or the entry is
 * refused with a 400. Bounded runs; fast-check prints the seed and the shrunk name on failure.
 */
const RUNS = 2000;
const DEST = "/srv/files/ada/out";

const PIECE = fc.constantFrom(
  "/",
  "//",
  ".",
  "..",
  "...",
  "\\",
  "\0",
  "a",
  "b",
  "..a",
  "a..",
  "C:",
  "c:",
  ":",
  " ",
  "%2e",
  "\uff0e",
  "~",
);
const NAME = fc
  .array(fc.oneof({ weight: 4, arbitrary: PIECE }, { weight: 1, arbitrary: fc.string() }), {
    maxLength: 20,
  })
  .map((parts) => parts.join(""));

function refusal(err: unknown): void {
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).status).toBe(400);
}

describe("entryPath", () => {
  it("places every accepted entry strictly inside the destination", () => {
    fc.assert(
      fc.property(NAME, (name) => {
        let rel: string | undefined;
        try {
          rel = entryPath(name);
        } catch (err) {
          refusal(err);
          return;
        }
        if (rel === undefined) return; // The destination itself ("./"): nothing is written.
        const written = path.posix.join(DEST, rel);
        expect(isWithin(DEST, written), `${JSON.stringify(name)} → ${written}`).toBe(true);
        expect(written).not.toBe(DEST);
        expect(rel.split("/")).not.toContain("..");
        expect(rel).not.toMatch(/^\/|\\|\0/);
      }),
      { numRuns: RUNS },
    );
  });

  it("refuses every name that names a place outside", () => {
    fc.assert(
      fc.property(NAME, (name) => {
        const outside =
          name.startsWith("/") ||
          !isWithin(DEST, path.posix.join(DEST, name.replace(/\\/g, "/").replace(/\0/g, "")));
        if (!outside) return;
        expect(() => entryPath(name), JSON.stringify(name)).toThrow(AppError);
      }),
      { numRuns: RUNS },
    );
  });
});

describe("checkLinkTarget", () => {
  const ENTRY = fc
    .array(fc.constantFrom("a", "b", "c"), { minLength: 1, maxLength: 5 })
    .map((s) => s.join("/"));

  it("accepts only targets that resolve inside the destination from the link's folder", () => {
    fc.assert(
      fc.property(ENTRY, NAME, (entry, target) => {
        try {
          checkLinkTarget(entry, target);
        } catch (err) {
          refusal(err);
          return;
        }
        const from = path.posix.dirname(path.posix.join(DEST, entry));
        const resolved = path.posix.resolve(from, target);
        expect(isWithin(DEST, resolved), `${entry} -> ${JSON.stringify(target)}`).toBe(true);
        expect(target).not.toMatch(/^\/|\\|\0|^[A-Za-z]:/);
      }),
      { numRuns: RUNS },
    );
  });
});
