import { open } from "node:fs/promises";
import { checkMauroTex, type CheckFinding } from "@scriptorium/shared";
import { Type } from "typebox";
import { HELP_FLAG, parseCommandLine, UsageError } from "./args.js";
import { defineCommand, wantsHelp } from "./command.js";

/** The largest source `scriptorium check` reads (a Mauro-TeX source is a few hundred KiB). */
export const CHECK_MAX_BYTES = 64 * 1024 * 1024;

const CheckFlags = Type.Object(HELP_FLAG);

/** For the help only: `runCheck` parses and runs (it needs stderr and an exit code). */
export const checkCommand = defineCommand({
  name: "check",
  args: ["FILE.tex…"],
  summary:
    "Checks Mauro-TeX sources as the edition's compilers (m2hv, m2lv, m2ledmac) read them, " +
    "without running them: prints warnings on stdout and errors on stderr in the compilers' " +
    'form ("ERRORE:", then "FILE.tex:LINE: message"); exits 1 when it found an error, 2 when ' +
    "a file cannot be read, 0 otherwise.",
  flags: CheckFlags,
  examples: ["scriptorium check edition/liber1.tex edition/liber2.tex"],
  run: () => Promise.resolve(),
});

export interface CheckIo {
  env: NodeJS.ProcessEnv;
  out: (text: string) => void;
  err: (text: string) => void;
}

class Unreadable extends Error {}

/** Reads a file whole, refusing more than CHECK_MAX_BYTES (checked while reading, not before). */
async function readSource(file: string): Promise<string> {
  let handle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    throw new Unreadable(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  try {
    if (!(await handle.stat()).isFile()) throw new Unreadable(`cannot read ${file}: not a file`);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of handle.createReadStream({
      highWaterMark: 1 << 20,
      autoClose: false,
    })) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > CHECK_MAX_BYTES) {
        throw new Unreadable(
          `cannot read ${file}: larger than ${CHECK_MAX_BYTES / 1024 / 1024} MiB`,
        );
      }
      chunks.push(buffer);
    }
    return Buffer.concat(chunks).toString("utf8");
  } catch (error) {
    if (error instanceof Unreadable) throw error;
    throw new Unreadable(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  } finally {
    await handle.close();
  }
}

function print(file: string, f: CheckFinding, io: CheckIo): void {
  const line = `${file}:${f.line}: ${f.message}`;
  if (f.severity === "error") {
    io.err("ERRORE:");
    io.err(line);
  } else io.out(line);
}

/** `scriptorium check FILE…`: resolves with the exit code. */
export async function runCheck(argv: readonly string[], io: CheckIo): Promise<number> {
  if (wantsHelp(argv)) {
    io.out(checkCommand.help());
    return 0;
  }
  const { positionals } = parseCommandLine(argv, CheckFlags, io.env, "check");
  if (positionals.length === 0) throw new UsageError("check needs FILE.tex…", "check");
  let code = 0;
  for (const file of positionals) {
    let text: string;
    try {
      text = await readSource(file);
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
      io.err(`scriptorium: ${error.message}`);
      code = 2;
      continue;
    }
    const { findings } = checkMauroTex(text);
    for (const f of findings) print(file, f, io);
    if (code === 0 && findings.some((f) => f.severity === "error")) code = 1;
  }
  return code;
}
