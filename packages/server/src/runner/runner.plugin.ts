import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Runner, RunnerState } from "./runner.js";

/** How long after the start the sandbox probe runs. */
const PROBE_DELAY_MS = 1000;

/** The start's line about programs: in bubblewrap, off (and why), or run without a sandbox. */
function logProgramsState(log: FastifyBaseLogger, state: RunnerState): void {
  const { reason, detail } = state;
  if (state.mode === "sandboxed") {
    log.info("programs (shell, hooks, edition tools) run in bubblewrap");
  } else if (state.mode === "off") {
    log.warn(
      { reason, detail },
      `programs are OFF: ${reason ?? "no sandbox"}; the shell, command hooks and edition tools answer 503 until bubblewrap works here (README, Security model; --unsandboxed-programs runs them without a sandbox)`,
    );
  } else {
    log.warn(
      { reason, detail },
      `programs run WITHOUT a sandbox (--unsandboxed-programs): ${reason ?? "no sandbox"}; each one can read and change everything the server's user can (README, Security model)`,
    );
  }
}

/**
 * Probes the sandbox once the app is ready and logs how programs run. The probe runs a program
 * (spawning costs milliseconds of this thread): a moment after the start, so it never holds the
 * first answers. A tool run waits for it anyway.
 */
export function registerRunner(app: FastifyInstance, runner: Runner): void {
  let probe: NodeJS.Timeout | undefined;
  app.addHook("onReady", (done) => {
    probe = setTimeout(() => {
      runner.state().then(
        (state) => logProgramsState(app.log, state),
        () => undefined,
      );
    }, PROBE_DELAY_MS);
    probe.unref();
    done();
  });
  app.addHook("onClose", (_app, done) => {
    clearTimeout(probe);
    done();
  });
}
