import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The CLI tests run the built command: compile shared and server first (incremental), then bundle. */
export default function setup(): void {
  // For a quick run of tests that do not use the built command, while the build is broken.
  if (process.env.SCRIPTORIUM_TEST_NO_BUILD === "1") return;
  const repo = fileURLToPath(new URL("../../../../", import.meta.url));
  execFileSync(
    process.execPath,
    [
      `${repo}node_modules/typescript/bin/tsc`,
      "-b",
      "packages/shared/tsconfig.build.json",
      "packages/server/tsconfig.build.json",
    ],
    {
      cwd: repo,
      stdio: "inherit",
    },
  );
  // The command runs the bundle of dist/ (bin/scriptorium.js): make it from this build.
  execFileSync(process.execPath, [`${repo}packages/server/scripts/bundle.mjs`], {
    cwd: repo,
    stdio: "inherit",
  });
}
