import path from "node:path";
import { AppError, forbidden } from "../../errors.js";
import { findExecutable, SYSTEM_BIN } from "../../runner/host.js";
import { sandboxView, type Runner, type RunOutcome } from "../../runner/runner.js";
import type { Storage } from "../../storage/storage.js";
import type { SettingsStore } from "../settings/settings.store.js";
import type { UserRecord } from "../users/users.store.js";
import { checkLine, NOT_ALLOWED, outsideMessage, outsidePath, shellWords } from "./shell-line.js";

export interface ShellDeps {
  storage: Storage;
  runner: Runner;
  settings: SettingsStore;
  /** Time limit of one command (default 120 s). */
  timeoutMs?: number;
}

/** A checked command, ready to run. */
export interface ShellRun {
  run(onOutput: (chunk: Buffer) => void, signal: AbortSignal): Promise<RunOutcome>;
  timeoutMs: number;
}

/** A line that does not run, with what the user is told. */
export interface ShellRefusal {
  refused: string;
}

/**
 * The in-browser shell (API.md Part A §13): who may use it, and one typed line turned into a
 * run of the one runner, confined to the user's scope.
 */
export function createShellService(deps: ShellDeps) {
  const timeoutMs = deps.timeoutMs ?? 120_000;

  return {
    /**
     * The shell needs the server's `enableExec`, the user's execute permission, and programs
     * allowed to run here (503 PROGRAMS_OFF without bubblewrap).
     */
    async assertAllowed(user: UserRecord): Promise<void> {
      const { enableExec } = await deps.settings.getServerConfig();
      if (!enableExec) throw forbidden("The shell is turned off on this server");
      if (!user.perm.execute) throw forbidden("You do not have the execute permission");
      await deps.runner.assertAvailable();
    },

    /**
     * The run for `line` typed in the folder `requestPath` (a file's folder for a file), or the
     * refusal when it is not allowed (shell-line.ts says what is checked). A program that is not
     * allowed and one that does not exist are the same answer.
     */
    async prepare(
      user: UserRecord,
      requestPath: string,
      line: string,
    ): Promise<ShellRun | ShellRefusal> {
      const refused = (message = NOT_ALLOWED): ShellRefusal => ({ refused: message });
      const { shell } = await deps.settings.getSettings();
      const wrapper = shellWords(shell);
      const check = checkLine(line, user.commands, { shell: wrapper.length > 0 });
      if (!check.ok) return refused(check.message);
      const fs = await deps.storage.forUser(user);
      const where = await fs.resolve(requestPath);
      const info = await fs.stat(where.abs);
      const folder = await fs.realOf(info.isDirectory() ? where.abs : path.dirname(where.abs));
      const scope = await fs.realRoot();
      // Paths typed are the program's: in the sandbox the scope is at SANDBOX_FILES.
      const sandboxed = (await deps.runner.state()).mode === "sandboxed";
      const seen = sandboxed ? sandboxView(scope) : (p: string) => p;
      const outside = outsidePath(check.paths, seen(folder), seen(scope));
      if (outside !== undefined) return refused(outsideMessage(outside));

      const [program, ...args] =
        wrapper.length > 0 ? [...wrapper, check.shellLine] : (check.argv as [string, ...string[]]);
      if (!program || !(await findExecutable(program, SYSTEM_BIN))) return refused();
      if (wrapper.length > 0 && !(await findExecutable(check.words[0] as string, SYSTEM_BIN))) {
        return refused();
      }
      const masked = await fs.listDenied();
      return {
        timeoutMs,
        run: (onOutput, signal) =>
          deps.runner.run({
            owner: `user:${user.id}`,
            executable: program,
            args,
            cwd: folder,
            writable: scope,
            masked,
            timeoutMs,
            onOutput,
            signal,
          }),
      };
    },
  };
}

export type ShellService = ReturnType<typeof createShellService>;

/** The message an error gets on the socket: ours say what failed, others say nothing more. */
export function socketMessage(err: unknown): string {
  if (err instanceof AppError && err.status < 500) return err.message;
  return "The command could not be run.";
}
