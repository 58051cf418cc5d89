// The structure check fails on each kind of problem it exists for (run by `npm run lint`).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { checkStructure } from "./check-structure.mjs";

const SCRIPT = fileURLToPath(new URL("./check-structure.mjs", import.meta.url));
const made = [];
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

const RULES = [
  {
    src: "pkg/src",
    tests: ["**/*.test.ts"],
    layers: [
      { name: "base", nodes: ["lib"] },
      { name: "features", nodes: ["features/*"], isolated: true },
      { name: "app", nodes: ["app.ts"] },
    ],
  },
];

/** A repository with the rules above, a clean tree, and the files given on top. */
function repo(files = {}) {
  const root = mkdtempSync(path.join(tmpdir(), "structure-"));
  made.push(root);
  const tree = {
    "lib/paths.ts": "export const a = 1;\n",
    "features/files/list.ts": 'import { a } from "../../lib/paths.js";\nexport const b = a;\n',
    "features/search/find.ts":
      'import type { a } from "../../lib/paths.js";\nexport const c = 2;\n',
    "app.ts":
      'import { b } from "./features/files/list.js";\nimport "./features/search/find.js";\n',
    ...files,
  };
  for (const [name, text] of Object.entries(tree)) {
    const file = path.join(root, "pkg/src", name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  mkdirSync(path.join(root, "scripts"));
  writeFileSync(
    path.join(root, "scripts/structure-rules.mjs"),
    `export default ${JSON.stringify(RULES)};\n`,
  );
  cpSync(SCRIPT, path.join(root, "scripts/check-structure.mjs"));
  return root;
}

function cli(root) {
  return spawnSync(process.execPath, [path.join(root, "scripts/check-structure.mjs"), root], {
    encoding: "utf8",
  });
}

describe("the structure check", () => {
  it("passes a layered tree", () => {
    const root = repo();
    assert.deepEqual(checkStructure(root, RULES).problems, []);
    assert.equal(cli(root).status, 0);
  });

  it("fails on a lower layer importing a higher one, naming the file and line", () => {
    const root = repo({
      "lib/bad.ts": '\nimport { b } from "../features/files/list.js";\nexport const d = b;\n',
    });
    const { problems } = checkStructure(root, RULES);
    assert.ok(
      problems.some((p) =>
        /layer breach: lib \(base\) imports features\/files .* at pkg\/src\/lib\/bad\.ts:2/.test(p),
      ),
      problems.join("\n"),
    );
    const run = cli(root);
    assert.equal(run.status, 1);
    assert.match(run.stderr, /layer breach/);
  });

  it("fails on a feature importing another feature of an isolated layer", () => {
    const root = repo({
      "features/search/uses-files.ts": 'export { b } from "../files/list.js";\n',
    });
    const { problems } = checkStructure(root, RULES);
    assert.ok(problems.some((p) => /features\/search imports features\/files/.test(p)));
    assert.equal(cli(root).status, 1);
  });

  it("fails on a folder cycle, type imports included", () => {
    const rules = structuredClone(RULES);
    rules[0].layers[1].isolated = false;
    const root = repo({
      "features/files/more.ts": 'import type { c } from "../search/find.js";\nexport type E = c;\n',
      "features/search/back.ts": 'import { b } from "../files/list.js";\nexport const f = b;\n',
    });
    const { problems } = checkStructure(root, rules);
    assert.ok(problems.some((p) => /folder cycle .*features\/files ⇄ features\/search/.test(p)));
  });

  it("fails on a module cycle and on a folder no layer lists", () => {
    const root = repo({
      "lib/one.ts": 'import { two } from "./two.js";\nexport const one = two;\n',
      "lib/two.ts": 'import { one } from "./one.js";\nexport const two = one;\n',
      "state/store.ts": 'import { a } from "../lib/paths.js";\nexport const s = a;\n',
    });
    const { problems } = checkStructure(root, RULES);
    assert.ok(problems.some((p) => /import cycle: .*lib\/one\.ts ⇄ .*lib\/two\.ts/.test(p)));
    assert.ok(problems.some((p) => /folder without a layer: pkg\/src\/state/.test(p)));
  });

  it("leaves test files out of the layer checks", () => {
    const root = repo({
      "lib/paths.test.ts": 'import { b } from "../features/files/list.js";\nvoid b;\n',
    });
    assert.deepEqual(checkStructure(root, RULES).problems, []);
  });
});
