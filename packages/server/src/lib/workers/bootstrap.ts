import { Worker } from "node:worker_threads";

/**
 * Started in each worker: imports the entry module. When the entry is a TypeScript source (tests
 * run the sources through Node's type stripping), `./x.js` imports resolve to `./x.ts`, as the
 * compiler resolves them.
 */
const BOOTSTRAP = `
const { workerData } = require("node:worker_threads");
const entry = workerData.entry;
if (entry.endsWith(".ts")) {
  const { registerHooks } = require("node:module");
  const { existsSync } = require("node:fs");
  const { fileURLToPath } = require("node:url");
  registerHooks({
    resolve(specifier, context, next) {
      const parent = context.parentURL ?? "";
      if (specifier.startsWith(".") && specifier.endsWith(".js") && parent.endsWith(".ts")) {
        const url = new URL(specifier, parent);
        if (!existsSync(fileURLToPath(url))) return next(specifier.slice(0, -3) + ".ts", context);
      }
      return next(specifier, context);
    },
  });
}
import(entry).catch((err) => {
  process.nextTick(() => {
    throw err;
  });
});
`;

/**
 * A worker thread running the module at `entry` (a .js file of the build, or a .ts source under
 * tests); `data` reaches it as `workerData.data`.
 */
export function startWorker(entry: URL, data?: unknown): Worker {
  // Sources with parameter properties (errors.ts) need more than type stripping; its warning,
  // and SQLite's, would otherwise be printed by every worker a test starts.
  const execArgv = entry.href.endsWith(".ts")
    ? [
        ...process.execArgv,
        "--experimental-transform-types",
        "--disable-warning=ExperimentalWarning",
      ]
    : undefined;
  return new Worker(BOOTSTRAP, { eval: true, execArgv, workerData: { entry: entry.href, data } });
}

/** The module `name` beside the module at `base` (its import.meta.url): `.ts` from sources, else `.js`. */
export function siblingModule(name: string, base: string): URL {
  return new URL(`./${name}${base.endsWith(".ts") ? ".ts" : ".js"}`, base);
}
