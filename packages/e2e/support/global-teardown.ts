import { readFileSync, rmSync } from "node:fs";
import { STATE_FILE, type E2EState } from "./state.js";

export default function globalTeardown(): void {
  const state = JSON.parse(readFileSync(STATE_FILE, "utf8")) as E2EState;
  try {
    process.kill(state.pid, "SIGTERM");
  } catch {
    // already gone
  }
  rmSync(state.dir, { recursive: true, force: true });
  rmSync(STATE_FILE, { force: true });
}
