import path from "node:path";
import { AppError, forbidden } from "../../errors.js";
import { findExecutable, SYSTEM_BIN } from "../../runner/host.js";
import { sandboxView, type Runner, type RunOutcome } from "../../runner/runner.js";
import type { Storage } from "../../storage/storage.js";
import type { SettingsStore } from "../settings/settings.store.js";
import type { UserRecord } from "../users/users.store.js";
import type { ShellRefusalCode } from "@scriptorium/shared";
import {
  checkLine,
  notInstalledMessage,
  outsideMessage,
  outsidePath,
  shellWords,
} from "./shell-line.js";

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

/** A line that does not run: what the user is told, which rule refused it, and its detail. */
export interface ShellRefusal {
  refused: string;
  code: ShellRefusalCode;
  /** The program or path the code is about, when there is one. */
  detail?: string;
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
     * in the user's list gets the same answer whether it exists or not; one in the list that the
     * server lacks is said to be missing (the user knows their list; nothing is probed).
     */
    async prepare(
      user: UserRecord,
      requestPath: string,
      line: string,
    ): Promise<ShellRun | ShellRefusal> {
      const refused = (message: string, code: ShellRefusalCode, detail?: string): ShellRefusal => ({
        refused: message,
        code,
        ...(detail !== undefined && { detail }),
      });
      const { shell } = await deps.settings.getSettings();
      const wrapper = shellWords(shell);
      const check = checkLine(line, user.commands, { shell: wrapper.length > 0 });
      if (!check.ok) {
        const code = check.reason === "empty" ? "syntax" : check.reason;
        return refused(check.message, code);
      }
      const fs = await deps.storage.forUser(user);
      const where = await fs.resolve(requestPath);
      const info = await fs.stat(where.abs);
      const folder = await fs.realOf(info.isDirectory() ? where.abs : path.dirname(where.abs));
      const scope = await fs.realRoot();
      // Paths typed are the program's: in the sandbox the scope is at SANDBOX_FILES.
      const sandboxed = (await deps.runner.state()).mode === "sandboxed";
      const seen = sandboxed ? sandboxView(scope) : (p: string) => p;
      const outside = outsidePath(check.paths, seen(folder), seen(scope));
      if (outside !== undefined) return refused(outsideMessage(outside), "outside", outside.path);

      const [program, ...args] =
        wrapper.length > 0 ? [...wrapper, check.shellLine] : (check.argv as [string, ...string[]]);
      // The typed program, then a configured shell (set by the admin), must be on the server.
      const typed = check.words[0] as string;
      for (const name of [typed, ...(wrapper.length > 0 ? [program] : [])]) {
        if (!name || !(await findExecutable(name, SYSTEM_BIN))) {
          return refused(notInstalledMessage(name ?? typed), "not-installed", name ?? typed);
        }
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
