#!/usr/bin/env node
// This file must parse and run on old Node.js versions too, so that the version check below can
// explain the problem instead of crashing on node:sqlite: keep it free of syntax newer than
// Node 14 (no top-level await, no static imports of the server).

import { statSync } from "node:fs";
import nodeModule from "node:module";

// Keep in step with "engines" in the root package.json.
const NEEDED = [22, 13];
// Tests use SCRIPTORIUM_TEST_NODE_VERSION to play an old Node.js when the machine has none.
const running = process.env.SCRIPTORIUM_TEST_NODE_VERSION || process.versions.node;
const [major, minor] = running.split(".").map(Number);

if (major < NEEDED[0] || (major === NEEDED[0] && minor < NEEDED[1])) {
  process.stderr.write(
    `scriptorium: needs Node.js >=${NEEDED.join(".")} (this is ${running}); ` +
      'run "npm start" in the repository or "npx scriptorium", which use the Node.js 24 ' +
      "that npm ci installs with it\n",
  );
  process.exitCode = 1;
} else {
  // node:sqlite still prints an ExperimentalWarning on Node 22–24; it is expected, so hide it.
  const emitWarning = process.emitWarning;
  process.emitWarning = (warning, ...args) => {
    const type = typeof args[0] === "string" ? args[0] : args[0] && args[0].type;
    if (type === "ExperimentalWarning" && String(warning).includes("SQLite")) return;
    return emitWarning.call(process, warning, ...args);
  };
  // V8's compiled code is kept on disk (in the system's temporary folder) between starts.
  if (typeof nodeModule.enableCompileCache === "function") nodeModule.enableCompileCache();
  // The bundle (scripts/bundle.mjs) loads in a fraction of the time of dist/'s 1,200 modules;
  // dist/ is used when the bundle is missing or older than the last compile of dist/.
  const mtime = (rel) => {
    try {
      return statSync(new URL(rel, import.meta.url)).mtimeMs;
    } catch {
      return -1;
    }
  };
  // tsc -b rewrites its build info whenever it compiles anything into dist/.
  const bundleTime = mtime("../bundle/main.js");
  const bundled = bundleTime >= 0 && bundleTime >= mtime("../tsconfig.build.tsbuildinfo");
  import(bundled ? "../bundle/main.js" : "../dist/cli/main.js")
    .then(({ main }) => main(process.argv.slice(2), process.env))
    .then((code) => {
      if (code !== undefined) process.exitCode = code;
    });
}
