import { rmSync } from "node:fs";
import { e2eState } from "./state.js";

export default function globalTeardown(): void {
  const state = e2eState();
  try {
    process.kill(state.pid, "SIGTERM");
  } catch {
    // already gone
  }
  rmSync(state.dir, { recursive: true, force: true });
}
