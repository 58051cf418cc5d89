/**
 * The programs the figures and their baselines need (nginx, curl, pigz, 7-Zip, wrk, Apache,
 * rclone, PostgreSQL, pdflatex, Chromium…), found on the PATH, in /usr/sbin or in PostgreSQL's
 * folder, or installed from Debian the way `.ci/run` installs them. No figure is skipped for a
 * missing tool: if it can be neither found nor installed, the bench stops and says so.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Program → the Debian packages that bring it (and what it needs to do the figure's work). */
const PACKAGES: Record<string, string[]> = {
  nginx: ["nginx"],
  curl: ["curl"],
  zip: ["zip"],
  unzip: ["unzip"],
  tar: ["tar"],
  gzip: ["gzip"],
  bzip2: ["bzip2"],
  wrk: ["wrk"],
  apache2: ["apache2"],
  rclone: ["rclone"],
  pigz: ["pigz"],
  "7zz": ["7zip"],
  find: ["findutils"],
  grep: ["grep"],
  chromium: ["chromium", "fonts-noto-core"],
  pdftoppm: ["poppler-utils"],
  // What the compile figure's m2lv output loads (reledmac and the packages it pulls in), as in
  // .ci/run.
  pdflatex: [
    "texlive-latex-base",
    "texlive-latex-recommended",
    "texlive-lang-italian",
    "texlive-science",
    "texlive-humanities",
    "texlive-latex-extra",
  ],
  // PostgreSQL's programs live in /usr/lib/postgresql/<version>/bin, searched below.
  initdb: ["postgresql"],
};

/** Where PostgreSQL's programs are, newest version first. */
function postgresBins(): string[] {
  try {
    return readdirSync("/usr/lib/postgresql")
      .sort((a, b) => Number(b) - Number(a))
      .map((version) => path.join("/usr/lib/postgresql", version, "bin"));
  } catch {
    return [];
  }
}

function find(program: string): string | undefined {
  const dirs = [
    ...(process.env.PATH ?? "").split(path.delimiter),
    "/usr/sbin",
    "/sbin",
    ...postgresBins(),
  ];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = path.join(dir, program);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** The absolute path of each program, installing the missing ones with apt-get. */
export function ensureTools(programs: readonly string[]): Record<string, string> {
  const missing = programs.filter((p) => !find(p));
  if (missing.length > 0) {
    const packages = [...new Set(missing.flatMap((p) => PACKAGES[p] ?? [p]))];
    if (process.getuid?.() !== 0 || !find("apt-get")) {
      throw new Error(
        `the bench needs ${missing.join(", ")}: install ${packages.join(" ")} ` +
          "(as root, npm run bench installs them with apt-get)",
      );
    }
    process.stderr.write(`installing ${packages.join(" ")} with apt-get…\n`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update"], { stdio: "inherit", env });
    if (update.status !== 0) throw new Error("apt-get update failed");
    // No service started by the install (apache2's, which the bench starts itself on its own
    // config): policy-rc.d says no, as .ci/run does, for the install's length only.
    const policy = "/usr/sbin/policy-rc.d";
    const ownPolicy = !existsSync(policy);
    if (ownPolicy) writeFileSync(policy, "#!/bin/sh\nexit 101\n", { mode: 0o755 });
    try {
      const install = spawnSync(
        "apt-get",
        ["install", "-y", "--no-install-recommends", ...packages],
        { stdio: "inherit", env },
      );
      if (install.status !== 0) throw new Error(`apt-get install ${packages.join(" ")} failed`);
    } finally {
      if (ownPolicy) rmSync(policy, { force: true });
    }
  }
  const found: Record<string, string> = {};
  for (const program of programs) {
    const at = find(program);
    if (!at) throw new Error(`${program} is still missing after apt-get install`);
    found[program] = at;
  }
  return found;
}
