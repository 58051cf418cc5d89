// The structure check of `npm run lint`. For each package listed in structure-rules.mjs it fails on
//  - an import cycle between modules (type imports included; test files included),
//  - a cycle between folders (a node is a top folder of src/, a folder of features/, or a file
//    directly in src/),
//  - a layer breach: a folder importing a folder of a higher layer, or a folder of an isolated
//    layer importing another folder of the same layer,
//  - a folder that no layer lists (the rules, and so docs/ARCHITECTURE.md, stay complete).
// Test files and test helpers (the rules' `tests` patterns) are left out of the folder checks.
// Relative imports only: packages reach each other through their names.
//   node scripts/check-structure.mjs [repo]
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const SOURCE = /\.(ts|tsx|mjs)$/;
const IMPORT =
  /(?:import|export)\s[^;]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|import\s*["']([^"']+)["']/g;

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
function resolveSpecifier(from, spec) {
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

/** Each import of a file: the file it names and the line it stands on. */
function importsOf(file) {
  const text = readFileSync(file, "utf8");
  const out = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (!spec?.startsWith(".")) continue;
    const target = resolveSpecifier(file, spec);
    if (!target) continue;
    const line = text.slice(0, match.index).split("\n").length;
    out.push({ target, line });
  }
  return out;
}

/** The folder (node) a path relative to src/ belongs to. */
export function nodeOf(rel) {
  const parts = rel.split("/");
  if (parts[0] === "features" && parts.length > 2) return `features/${parts[1]}`;
  return parts[0];
}

function matches(pattern, node) {
  return pattern.endsWith("/*") ? node.startsWith(pattern.slice(0, -1)) : pattern === node;
}

function patternRegex(glob) {
  const parts = glob.split(/(\*\*\/|\*\*|\*)/).map((part) => {
    if (part === "**/") return "(?:.*/)?";
    if (part === "**") return ".*";
    if (part === "*") return "[^/]*";
    return part.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  });
  return new RegExp(`^${parts.join("")}$`);
}

/** Cycles of a graph (Map node → Set of nodes): its strongly connected parts of two or more. */
function cyclesOf(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const parts = [];
  const connect = (node) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
    }
    if (low.get(node) !== indexOf.get(node)) return;
    const part = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      part.push(member);
    } while (member !== node);
    if (part.length > 1) parts.push(part.sort());
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) connect(node);
  return parts;
}

/** The problems of one package, each one line of text. */
function checkPackage(repo, rules) {
  const src = path.join(repo, rules.src);
  const problems = [];
  const tests = (rules.tests ?? []).map(patternRegex);
  const isTest = (rel) => tests.some((re) => re.test(rel));
  const layerOf = (node) => rules.layers.findIndex((l) => l.nodes.some((p) => matches(p, node)));
  const rel = (file) => path.relative(src, file).split(path.sep).join("/");

  const modules = new Map();
  const folders = new Map();
  const breaches = new Set();
  for (const file of sources(src)) {
    const imports = importsOf(file);
    modules.set(file, new Set(imports.map((i) => i.target)));
    const from = rel(file);
    if (isTest(from)) continue;
    const fromNode = nodeOf(from);
    if (!folders.has(fromNode)) folders.set(fromNode, new Set());
    for (const { target, line } of imports) {
      const to = rel(target);
      if (to.startsWith("..")) continue;
      const toNode = nodeOf(to);
      if (toNode === fromNode) continue;
      folders.get(fromNode).add(toNode);
      const a = layerOf(fromNode);
      const b = layerOf(toNode);
      if (a < 0 || b < 0) continue;
      const where = `${rules.src}/${from}:${line}`;
      if (b > a) {
        breaches.add(
          `layer breach: ${fromNode} (${rules.layers[a].name}) imports ${toNode} (${rules.layers[b].name}, a higher layer) at ${where}`,
        );
      } else if (a === b && rules.layers[a].isolated) {
        breaches.add(
          `layer breach: ${fromNode} imports ${toNode}, another folder of the isolated layer ${rules.layers[a].name}, at ${where}`,
        );
      }
    }
  }
  for (const node of folders.keys()) {
    if (layerOf(node) < 0) problems.push(`folder without a layer: ${rules.src}/${node}`);
  }
  problems.push(...breaches);
  for (const part of cyclesOf(folders)) {
    problems.push(`folder cycle in ${rules.src}: ${part.join(" ⇄ ")}`);
  }
  for (const part of cyclesOf(modules)) {
    const names = part.map((f) => path.relative(repo, f).split(path.sep).join("/"));
    problems.push(`import cycle: ${names.join(" ⇄ ")}`);
  }
  return { problems, modules: modules.size, folders: folders.size };
}

/** Checks every package of the rules; `{ problems, modules, folders }`. */
export function checkStructure(repo, packages) {
  const result = { problems: [], modules: 0, folders: 0 };
  for (const rules of packages) {
    const one = checkPackage(repo, rules);
    result.problems.push(...one.problems);
    result.modules += one.modules;
    result.folders += one.folders;
  }
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const repo = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."),
  );
  const { default: packages } = await import(
    pathToFileURL(path.join(repo, "scripts", "structure-rules.mjs")).href
  );
  const { problems, modules, folders } = checkStructure(repo, packages);
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    console.error(`${problems.length} structure problem(s)`);
    process.exit(1);
  }
  console.log(
    `structure: no import cycle among ${modules} modules; ${folders} folders in their layers, no folder cycle`,
  );
}
