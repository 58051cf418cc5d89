// Prints one closing line for CI, "N passed, N failed", from the JSON reports that
// Vitest and Playwright wrote during `npm test`.
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;

const unit = "test-results/unit.json";
if (existsSync(unit)) {
  const r = JSON.parse(readFileSync(unit, "utf8"));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}

const e2e = "test-results/e2e.json";
if (existsSync(e2e)) {
  const r = JSON.parse(readFileSync(e2e, "utf8"));
  passed += r.stats?.expected ?? 0;
  failed += r.stats?.unexpected ?? 0;
  flaky += r.stats?.flaky ?? 0;
  passed += r.stats?.flaky ?? 0;
  skipped += r.stats?.skipped ?? 0;
}

if (flaky > 0)
  console.log(`${flaky} browser test(s) passed only on retry (flaky): see the report above`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
