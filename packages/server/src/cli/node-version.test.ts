import { execFile, execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../../bin/scriptorium.js", import.meta.url));
const ROOT_PACKAGE = new URL("../../../../package.json", import.meta.url);
const run = promisify(execFile);

/** The minimum version package.json declares, e.g. "22.13" for ">=22.13". */
function needed(): string {
  const pkg: unknown = JSON.parse(readFileSync(ROOT_PACKAGE, "utf8"));
  const engines =
    typeof pkg === "object" && pkg !== null && "engines" in pkg ? pkg.engines : undefined;
  const node =
    typeof engines === "object" && engines !== null && "node" in engines ? engines.node : "";
  const match = /^>=(\d+\.\d+)$/.exec(String(node));
  if (!match?.[1]) throw new Error(`unexpected engines.node ${String(node)}`);
  return match[1];
}

function older(version: string, than: string): boolean {
  const [a = 0, b = 0] = version.split(".").map(Number);
  const [x = 0, y = 0] = than.split(".").map(Number);
  return a < x || (a === x && b < y);
}

/** The machine's own old Node.js (Debian's /usr/bin/node), when it is older than needed. */
function oldNode(): string | undefined {
  if (!existsSync("/usr/bin/node")) return undefined;
  const version = execFileSync("/usr/bin/node", ["--version"], { encoding: "utf8" }).trim();
  return older(version.replace(/^v/, ""), needed()) ? "/usr/bin/node" : undefined;
}

async function runBin(node: string, env: Record<string, string> = {}) {
  try {
    await run(node, [BIN, "--help"], { env: { ...process.env, ...env } });
    return { code: 0, stderr: "" };
  } catch (err) {
    const e = err as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr };
  }
}

function expectOneLineRefusal(res: { code: number; stderr: string }, version: string) {
  expect(res.code).toBe(1);
  const lines = res.stderr.trimEnd().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(`needs Node.js >=${needed()}`);
  expect(lines[0]).toContain(`this is ${version}`);
  expect(lines[0]).toContain("npm start");
  expect(lines[0]).toContain("npx scriptorium");
  expect(lines[0]).not.toMatch(/sqlite|Error/i);
}

describe("scriptorium on a Node.js older than package.json's engines", () => {
  it("prints one line naming the version needed and how to get it, and exits 1", async () => {
    const node = oldNode();
    if (node) {
      // The real thing: the machine's old Node.js parses and runs the bin file.
      const version = execFileSync(node, ["--version"], { encoding: "utf8" }).trim().slice(1);
      expectOneLineRefusal(await runBin(node), version);
    } else {
      expectOneLineRefusal(
        await runBin(process.execPath, { SCRIPTORIUM_TEST_NODE_VERSION: "20.0.0" }),
        "20.0.0",
      );
    }
  });

  it("refuses the last version below the minimum and accepts the minimum", async () => {
    const [major = 0, minor = 0] = needed().split(".").map(Number);
    const below = `${major}.${minor - 1}.9`;
    expectOneLineRefusal(
      await runBin(process.execPath, { SCRIPTORIUM_TEST_NODE_VERSION: below }),
      below,
    );
    const { stdout } = await run(process.execPath, [BIN, "version"], {
      env: { ...process.env, SCRIPTORIUM_TEST_NODE_VERSION: `${major}.${minor}.0` },
    });
    expect(stdout).toMatch(/^scriptorium /);
  });
});
