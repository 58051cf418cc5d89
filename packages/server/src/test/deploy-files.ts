/**
 * What the tests of deploy/ share: where the files are, Debian programs found or named for
 * installing, and a reader of systemd units.
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const run = promisify(execFile);
export const REPO = fileURLToPath(new URL("../../../../", import.meta.url));
export const DEPLOY = path.join(REPO, "deploy");
export const readDeploy = (rel: string) => readFile(path.join(DEPLOY, rel), "utf8");

/** An absolute path of a Debian program; fails saying what to install (.ci/run installs it). */
export async function program(name: string, pkg: string): Promise<string> {
  for (const dir of ["/usr/sbin", "/usr/bin", "/sbin", "/bin"]) {
    try {
      await run("test", ["-x", path.join(dir, name)]);
      return path.join(dir, name);
    } catch {
      // not there
    }
  }
  throw new Error(`${name} is not installed: run .ci/run, or apt-get install ${pkg}`);
}

/** The unit's `Key=value` lines by section; a key given twice keeps every value. */
export function parseUnit(text: string): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  let section = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = header[1]!;
      continue;
    }
    const eq = line.indexOf("=");
    if (eq < 0) throw new Error(`not a key=value line: ${line}`);
    const key = `${section}.${line.slice(0, eq)}`;
    keys.set(key, [...(keys.get(key) ?? []), line.slice(eq + 1)]);
  }
  return keys;
}
