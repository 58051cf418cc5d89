import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface E2EState {
  dir: string;
  db: string;
  root: string;
  port: number;
  pid: number;
  adminPassword: string;
}

export const STATE_FILE = path.join(tmpdir(), "scriptorium-e2e-state.json");

export function e2eState(): E2EState {
  return JSON.parse(readFileSync(STATE_FILE, "utf8")) as E2EState;
}
