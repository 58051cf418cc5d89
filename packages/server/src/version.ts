import { readFileSync } from "node:fs";

/** The product version, from the root package.json. */
export const VERSION: string = (() => {
  try {
    const pkg = JSON.parse(
      readFileSync(new URL("../../../package.json", import.meta.url), "utf8"),
    ) as { version?: string };
    return pkg.version ?? "(untracked)";
  } catch {
    return "(untracked)";
  }
})();
