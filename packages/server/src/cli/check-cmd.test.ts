import { execFile } from "node:child_process";
import { mkdir, mkdtemp, open, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CHECK_MAX_BYTES } from "./check-cmd.js";

const BIN = fileURLToPath(new URL("../../bin/scriptorium.js", import.meta.url));

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "scriptorium-check-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

async function check(...files: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [BIN, "check", ...files],
      {
        cwd: dir,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const doc = (body: string) =>
  `\\documentclass{article}\n\\ElencoTestimoni{A/B}\n\\begin{document}\n\\htmlcut\n${body}\n\\end{document}\n`;

describe("scriptorium check", () => {
  it("exits 0 on a document the compilers accept, printing its warnings as they do", async () => {
    await writeFile(path.join(dir, "ok.tex"), doc("Uno \\VV{{A:a}{C:c}} \\Capitolx{x}"));
    const result = await check("ok.tex");
    expect(result).toEqual({
      code: 0,
      stdout: "ok.tex:5: C assente da elenco testimoni\nok.tex:5: \\Capitolx: macro inesistente\n",
      stderr: "",
    });
  });

  it("exits 1 on an error, printed on stderr after ERRORE: with the file and line", async () => {
    await mkdir(path.join(dir, "con spazi"));
    await writeFile(path.join(dir, "con spazi", "a b.tex"), doc("Uno\ndue \\INTE{tre\nquattro"));
    await writeFile(path.join(dir, "ok.tex"), doc("Uno"));
    const result = await check("ok.tex", "con spazi/a b.tex");
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "ERRORE:\ncon spazi/a b.tex:8: syntax error\nERRORE:\ncon spazi/a b.tex:6: dopo questo punto\n",
    );
    expect(result.stdout).toBe("");
  });

  it("exits 2 on a file it cannot read, after checking the others", async () => {
    await writeFile(path.join(dir, "bad.tex"), doc("Uno}"));
    await mkdir(path.join(dir, "folder.tex"));
    const big = await open(path.join(dir, "big.tex"), "w");
    await big.truncate(CHECK_MAX_BYTES + 1);
    await big.close();
    const result = await check("missing.tex", "folder.tex", "big.tex", "bad.tex");
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      [
        "scriptorium: cannot read missing.tex: ENOENT",
        "scriptorium: cannot read folder.tex: not a file",
        "scriptorium: cannot read big.tex: larger than 64 MiB",
        "ERRORE:",
        "bad.tex:5: syntax error",
        "",
      ].join("\n"),
    );
  });

  it("needs a file, and has a help", async () => {
    const none = await check();
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(
      'scriptorium: check needs FILE.tex…; see "scriptorium check --help"',
    );
    const help = await check("--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: scriptorium check FILE.tex… [flags]");
  });
});
