/**
 * Loaded into the server under measure (`--import`): its event loop's delays, sampled every
 * 5 ms by perf_hooks. On SIGUSR2 the longest delay since the last signal (ms) is written to the
 * file named by BENCH_LOOP_DELAY_FILE, and the count starts again.
 */
import { writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { isMainThread } from "node:worker_threads";

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (isMainThread && file) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  process.on("SIGUSR2", () => {
    writeFileSync(file, String(delay.max / 1e6));
    delay.reset();
  });
}
