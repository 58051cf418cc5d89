// Fails when modules of packages/*/src import each other in a circle (type imports included).
// Part of `npm run lint`. Relative imports only: packages reach each other through their names.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = /\.(ts|tsx)$/;

function sources(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== "node_modules") out.push(...sources(full));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

/** The file a relative specifier names: `./x.js` → x.ts or x.tsx, `./dir` → dir/index.ts. */
function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  const stem = base.replace(/\.(js|jsx|ts|tsx|mjs)$/, "");
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ];
  return candidates.find((c) => SOURCE.test(c) && existsSync(c));
}

const IMPORT =
  /(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|import\s*["']([^"']+)["']/g;

const graph = new Map();
for (const pkg of readdirSync(path.join(repo, "packages"))) {
  const src = path.join(repo, "packages", pkg, "src");
  if (!existsSync(src)) continue;
  for (const file of sources(src)) {
    const deps = new Set();
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const spec = match[1] ?? match[2] ?? match[3];
      if (!spec?.startsWith(".")) continue;
      const target = resolve(file, spec);
      if (target) deps.add(target);
    }
    graph.set(file, deps);
  }
}

const state = new Map();
const stack = [];
const cycles = [];
function visit(node) {
  if (state.get(node) === "done") return;
  if (state.get(node) === "open") {
    cycles.push([...stack.slice(stack.indexOf(node)), node]);
    return;
  }
  state.set(node, "open");
  stack.push(node);
  for (const next of graph.get(node) ?? []) visit(next);
  stack.pop();
  state.set(node, "done");
}
for (const node of graph.keys()) visit(node);

if (cycles.length > 0) {
  for (const cycle of cycles) {
    console.error(`import cycle: ${cycle.map((f) => path.relative(repo, f)).join(" → ")}`);
  }
  process.exit(1);
}
console.log(`no import cycle among ${graph.size} modules`);
