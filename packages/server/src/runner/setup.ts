import type { ProgramsState } from "@scriptorium/shared";
import { AppError } from "../errors.js";
import { findExecutable, SYSTEM_BIN } from "./host.js";
import { probeBwrap, type SandboxProblem, unreadableSystemEntries } from "./machine.js";

/** How programs run here, and (for the log) what bubblewrap said when it failed. */
export type RunnerState = ProgramsState & { detail?: string };

/** What the machine gives the runner: how programs run, and the programs it runs them with. */
export interface Setup {
  state: RunnerState;
  bwrap?: string;
  bash?: string;
  prlimit?: string;
}

/** The answer to any attempt to run a program while programs are off. */
export function programsOff(reason: string): AppError {
  return new AppError(
    "PROGRAMS_OFF",
    `Programs are off on this server: ${reason}. The shell, command hooks and edition tools ` +
      `run only in a bubblewrap sandbox (for an administrator: see "Security model" in the README)`,
  );
}

/**
 * Looks at the machine once: a working bubblewrap (unless `sandbox` is "none"), bash (which
 * closes inherited descriptors before each program) and prlimit. Without bubblewrap programs
 * are off, or run without it when `unsandboxedPrograms`.
 */
export async function machineSetup(options: {
  sandbox?: "auto" | "none";
  unsandboxedPrograms?: boolean;
}): Promise<Setup> {
  const notUsed: SandboxProblem = {
    reason: "bubblewrap is not used (the runner's sandbox is set to none)",
  };
  const [probe, bash, prlimit] = await Promise.all([
    options.sandbox === "none" ? { problem: notUsed } : probeBwrap(),
    findExecutable("bash", SYSTEM_BIN),
    findExecutable("prlimit", SYSTEM_BIN),
  ]);
  if (!bash) {
    const reason = "bash is not installed (it closes inherited descriptors before each program)";
    return { state: { mode: "off", reason } };
  }
  if ("bwrap" in probe) {
    // The first run needs the list of unreadable system files: start the walk now.
    unreadableSystemEntries().catch(() => undefined);
    return { state: { mode: "sandboxed" }, bwrap: probe.bwrap, bash, prlimit };
  }
  const { reason, detail } = probe.problem;
  return {
    state: {
      mode: options.unsandboxedPrograms ? "unsandboxed" : "off",
      reason,
      ...(detail ? { detail } : {}),
    },
    bash,
    prlimit,
  };
}
