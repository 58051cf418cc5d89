import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const FEATURES = path.dirname(fileURLToPath(import.meta.url));

/** feature → the other features its non-test modules import (type imports included). */
async function featureGraph(): Promise<Map<string, Set<string>>> {
  const graph = new Map<string, Set<string>>();
  for (const entry of await readdir(FEATURES, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const deps = new Set<string>();
    const files = await readdir(path.join(FEATURES, entry.name), { recursive: true });
    for (const file of files) {
      if (!/\.tsx?$/.test(file) || file.includes(".test.")) continue;
      const text = await readFile(path.join(FEATURES, entry.name, file), "utf8");
      for (const match of text.matchAll(/from "((?:\.\.\/)+)([^"]+)"/g)) {
        const target = path.resolve(
          path.dirname(path.join(FEATURES, entry.name, file)),
          (match[1] ?? "") + (match[2] ?? ""),
        );
        const rel = path.relative(FEATURES, target).split(path.sep);
        if (rel[0] && rel[0] !== ".." && rel[0] !== entry.name) deps.add(rel[0]);
      }
    }
    graph.set(entry.name, deps);
  }
  return graph;
}

/** One cycle of the graph as a list of features, or undefined. */
function findCycle(graph: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === "done") return undefined;
    if (state.get(node) === "open") return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, "done");
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

describe("features", () => {
  it("never import each other in a circle, not even for types", async () => {
    const graph = await featureGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(findCycle(graph)).toBeUndefined();
  });

  it("the check finds a cycle when there is one", () => {
    const graph = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
    ]);
    expect(findCycle(graph)).toEqual(["a", "b", "c", "a"]);
  });
});
