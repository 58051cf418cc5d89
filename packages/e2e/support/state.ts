import { readFileSync } from "node:fs";

export interface E2EState {
  dir: string;
  db: string;
  root: string;
  port: number;
  pid: number;
  adminPassword: string;
}

/**
 * The suite's state lives in the run's own temp folder; global setup puts its path in this
 * variable, which the test workers inherit. Parallel runs never share it.
 */
export const STATE_ENV = "SCRIPTORIUM_E2E_STATE";

export function stateFile(): string {
  const file = process.env[STATE_ENV];
  if (!file) throw new Error(`${STATE_ENV} is not set: run the suite through playwright test`);
  return file;
}

export function e2eState(): E2EState {
  return JSON.parse(readFileSync(stateFile(), "utf8")) as E2EState;
}
