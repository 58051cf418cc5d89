import path from "node:path";
import { AppError, forbidden } from "../../errors.js";
import { isInside } from "../../lib/safe-path.js";
import { findExecutable, SYSTEM_BIN } from "../../runner/host.js";
import type { Runner, RunOutcome } from "../../runner/runner.js";
import type { Storage } from "../../storage/storage.js";
import type { SettingsStore } from "../settings/settings.store.js";
import type { UserRecord } from "../users/users.store.js";
import { checkLine, pathOf, shellWords } from "./shell-line.js";

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

/**
 * The in-browser shell (API.md Part A §13): who may use it, and one typed line turned into a
 * run of the one runner, confined to the user's scope.
 */
export function createShellService(deps: ShellDeps) {
  const timeoutMs = deps.timeoutMs ?? 120_000;

  return {
    /** The shell needs the server's `enableExec` and the user's execute permission. */
    async assertAllowed(user: UserRecord): Promise<void> {
      const { enableExec } = await deps.settings.getServerConfig();
      if (!enableExec) throw forbidden("The shell is turned off on this server");
      if (!user.perm.execute) throw forbidden("You do not have the execute permission");
    },

    /**
     * The run for `line` typed in the folder `requestPath` (a file's folder for a file), or
     * undefined when it is not allowed. A program that is not allowed and one that does not exist
     * are the same answer.
     */
    async prepare(
      user: UserRecord,
      requestPath: string,
      line: string,
    ): Promise<ShellRun | undefined> {
      const check = checkLine(line, user.commands);
      if (!check.ok) return undefined;
      const fs = await deps.storage.forUser(user);
      const where = await fs.resolve(requestPath);
      const info = await fs.stat(where.abs);
      const folder = await fs.realOf(info.isDirectory() ? where.abs : path.dirname(where.abs));
      const scope = await fs.realOf(fs.root);
      for (const word of check.words.slice(1)) {
        const named = pathOf(word);
        if (named === undefined) continue;
        if (named.startsWith("~") || !isInside(scope, path.resolve(folder, named)))
          return undefined;
      }

      const { shell } = await deps.settings.getSettings();
      const wrapper = shellWords(shell);
      const [program, ...args] =
        wrapper.length > 0 ? [...wrapper, line.trim()] : (check.words as [string, ...string[]]);
      if (!program || !(await findExecutable(program, SYSTEM_BIN))) return undefined;
      if (wrapper.length > 0 && !(await findExecutable(check.words[0] as string, SYSTEM_BIN))) {
        return undefined;
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
