import type { Runner, RunOutcome } from "../../runner/runner.js";
import type { Metrics, RunResult } from "./metrics.js";

function resultOf(outcome: RunOutcome): RunResult {
  if (outcome.cancelled) return "cancelled";
  if (outcome.timedOut) return "timeout";
  if (outcome.outputCapped) return "capped";
  return outcome.exitCode === 0 ? "ok" : "failed";
}

/** The runner with each run counted by how it ended, and its duration (`error`: never ran). */
export function observedRunner(runner: Runner, metrics: Metrics): Runner {
  return {
    state: () => runner.state(),
    assertAvailable: () => runner.assertAvailable(),
    get active() {
      return runner.active;
    },
    async run(spec) {
      const start = performance.now();
      let result: RunResult = "error";
      try {
        const outcome = await runner.run(spec);
        result = resultOf(outcome);
        return outcome;
      } finally {
        metrics.programRun(result, (performance.now() - start) / 1000);
      }
    },
  };
}
