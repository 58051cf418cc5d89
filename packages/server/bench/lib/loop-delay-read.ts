/**
 * Reads the longest event-loop delay of a server started with `--import=lib/loop-delay.ts`
 * (its path is LOOP_DELAY): the server writes it to its BENCH_LOOP_DELAY_FILE on SIGUSR2 and
 * starts counting again, so each call gives the longest delay since the previous one.
 */
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

export const LOOP_DELAY = fileURLToPath(new URL("./loop-delay.ts", import.meta.url));

/** The environment that makes a started server report its event loop's delays to `file`. */
export const loopDelayEnv = (file: string): NodeJS.ProcessEnv => ({
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${LOOP_DELAY}`,
  BENCH_LOOP_DELAY_FILE: file,
});

/** The server's longest event loop delay since the last call, in ms. */
export async function readLoopDelay(pid: number, file: string): Promise<number> {
  await writeFile(file, "");
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 200; i++) {
    const text = await readFile(file, "utf8");
    if (text !== "") return Number(text);
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("the server did not report its event loop delay");
}
