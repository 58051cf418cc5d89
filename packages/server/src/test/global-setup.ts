import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The CLI tests run the built command: compile shared and server first (incremental). */
export default function setup(): void {
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
}
