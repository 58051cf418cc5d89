#!/usr/bin/env node
// node:sqlite still prints an ExperimentalWarning on Node 22–24; it is expected, so hide it.
const emitWarning = process.emitWarning;
process.emitWarning = (warning, ...args) => {
  const type = typeof args[0] === "string" ? args[0] : args[0]?.type;
  if (type === "ExperimentalWarning" && String(warning).includes("SQLite")) return;
  return emitWarning.call(process, warning, ...args);
};
const { main } = await import("../dist/cli/main.js");
const code = await main(process.argv.slice(2), process.env);
if (code !== undefined) process.exitCode = code;
