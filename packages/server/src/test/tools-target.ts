import { copyFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Tool } from "@scriptorium/shared";
import type { AppOptions } from "../app.js";
import { perm } from "./attack-target.js";
import { createTestApp, type TestContext } from "./helpers.js";

/** The stand-in Mauro-TeX compilers (m2hv, m2lv, m2ledmac) written for the tests. */
export const STANDIN_FOLDER = fileURLToPath(new URL("./maurotex-standin", import.meta.url));
/** Our own small support files (styles, METAFONT font) that the stand-ins' `.m.tex` need. */
export const SUPPORT_FOLDER = fileURLToPath(new URL("./maurotex-support", import.meta.url));
/** The edition's sample documents (SPEC fixtures). */
export const FIXTURES = fileURLToPath(
  new URL("../../../../../shared/fixtures/maurotex", import.meta.url),
);

export interface ToolsTarget extends TestContext {
  /** ada's and bob's scope folders on disk. */
  ada: string;
  bob: string;
  adaToken: string;
  bobToken: string;
}

/**
 * A real app whose tools are the stand-in compilers and the real pdflatex, with two users:
 * ada (scope /ada, a `docs` folder holding the fixtures) and bob (scope /bob).
 */
export async function createToolsTarget(
  opts: {
    tools?: (tools: Tool[]) => void;
    app?: Partial<AppOptions>;
    adaRules?: boolean;
    /** The support folders (default: the test support folder). */
    supportFolders?: string[];
  } = {},
): Promise<ToolsTarget> {
  const t = await createTestApp({
    settings: (s) => {
      s.tools.folders = [STANDIN_FOLDER, "/usr/bin"];
      s.tools.supportFolders = opts.supportFolders ?? [SUPPORT_FOLDER];
      opts.tools?.(s.tools.tools);
    },
    app: opts.app,
  });
  const ada = path.join(t.root, "ada");
  const bob = path.join(t.root, "bob");
  await mkdir(path.join(ada, "docs"), { recursive: true });
  await mkdir(bob, { recursive: true });
  for (const name of ["varia-de-centris.tex", "citlonga.tex", "figura.tex"]) {
    await copyFile(path.join(FIXTURES, name), path.join(ada, "docs", name));
  }
  await t.createUser({
    username: "ada",
    password: "ada-password-12",
    fields: {
      scope: "/ada",
      perm: perm(),
      rules: opts.adaRules
        ? [{ allow: false, path: "/private", regex: false, regexp: { raw: "" } }]
        : [],
    },
  });
  await t.createUser({
    username: "bob",
    password: "bob-password-12",
    fields: { scope: "/bob", perm: perm() },
  });
  return {
    ...t,
    ada,
    bob,
    adaToken: await t.login("ada", "ada-password-12"),
    bobToken: await t.login("bob", "bob-password-12"),
  };
}

const enc = (p: string) => p.split("/").map(encodeURIComponent).join("/");

/** The PATCH our web client sends to run a tool (destination and commandline encoded twice). */
export function toolUrl(
  source: string,
  tool: string,
  opts: { destination?: string; commandline?: string; override?: boolean } = {},
): string {
  const dest = opts.destination ?? source.replace(/\.tex$/i, `_${tool}`);
  const q = new URLSearchParams({
    action: `mauro:${tool}`,
    destination: enc(dest),
    commandline: encodeURIComponent(opts.commandline ?? ""),
    override: String(opts.override ?? false),
  });
  return `/api/resources${enc(source)}?${q.toString()}`;
}
