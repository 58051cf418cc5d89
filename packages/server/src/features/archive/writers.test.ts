import { randomBytes } from "node:crypto";
import { mkdtemp, open, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveFormat } from "./selection.js";
import type { ArchiveEntry } from "../../storage/walk.js";
import { archiveStream } from "./writers.js";

let dir: string;
const FILES = 60;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-writers-"));
  const data = randomBytes(256 * 1024);
  for (let i = 0; i < FILES; i++) await writeFile(path.join(dir, `f${i}.bin`), data);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("archive streams follow the reader's pace", () => {
  for (const algo of ["zip", "tar", "targz"]) {
    it(`${algo}: a reader that stops reading stops the walk; destroying closes it`, async () => {
      let pulled = 0;
      async function* entries(): AsyncGenerator<ArchiveEntry> {
        for (let i = 0; i < FILES; i++) {
          pulled++;
          const abs = path.join(dir, `f${i}.bin`);
          yield { name: `f${i}.bin`, abs, kind: "file", stats: await stat(abs) };
        }
      }
      const out = archiveStream(
        archiveFormat(algo),
        entries(),
        (abs) => open(abs, "r"),
        pino({ level: "silent" }),
      );
      await new Promise((resolve) => out.once("readable", resolve));
      await sleep(300);
      // 15 MiB of incompressible files, nobody reading: only a few have been opened.
      expect(pulled).toBeLessThan(12);
      out.destroy();
      await sleep(100);
      expect(pulled).toBeLessThan(12);
    });
  }
});
