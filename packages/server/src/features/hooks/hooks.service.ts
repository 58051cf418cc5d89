import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../errors.js";
import { findExecutable, SYSTEM_BIN } from "../../runner/host.js";
import type { Runner } from "../../runner/runner.js";
import type { Storage } from "../../storage/storage.js";
import type { SettingsStore } from "../settings/settings.store.js";
import { splitWords } from "../shell/shell-line.js";
import type { UserRecord } from "../users/users.store.js";

const HOOK_TIMEOUT_MS = 60_000;

export interface HookDeps {
  storage: Storage;
  /** The user of a file event (an upload finishing after its last request). */
  findUser: (id: number) => Promise<UserRecord | undefined>;
  runner: Runner;
  settings: SettingsStore;
  log: FastifyBaseLogger;
}

/** What an action tells its hooks: user paths, resolved here inside the user's scope. */
export interface HookEvent {
  /** copy, rename, delete, save, upload, unzip, or mauro:<tool>. */
  event: string;
  user: UserRecord;
  /** The file acted on (user path). */
  file: string;
  /** Where it goes, for copy, rename, unzip and the tools (user path). */
  destination?: string | undefined;
}

/**
 * Event hooks (`settings.commands`, API.md §10.3 with Part A): for `before_<event>` and
 * `after_<event>`, each command line is split into words without a shell and run through the
 * runner in the user's scope, with the paths in the environment (FILE, DESTINATION, SCOPE,
 * TRIGGER, USERNAME) and never in the command. A failing `before_` hook refuses the action
 * (403); `after_` hooks run without holding the answer back, their output going to the log.
 * Hooks run only when the server allows executing commands (`enableExec`), and only when
 * programs may run (bubblewrap, or --unsandboxed-programs): otherwise an action that has
 * `before_` hooks is refused (503, PROGRAMS_OFF), since they may be what guards it, and
 * `after_` hooks are logged as not run.
 */
export function createHooks(deps: HookDeps) {
  /** The event's before_ and after_ commands, read once (none unless `enableExec`). */
  async function commandsOf(event: string): Promise<{ before: string[]; after: string[] }> {
    const { enableExec } = await deps.settings.getServerConfig();
    if (!enableExec) return { before: [], after: [] };
    const { commands: all } = await deps.settings.getSettings();
    const pick = (key: string) =>
      (Object.hasOwn(all, key) ? all[key] : undefined)?.filter((c) => c.trim() !== "") ?? [];
    return { before: pick(`before_${event}`), after: pick(`after_${event}`) };
  }

  async function runAll(trigger: string, lines: string[], event: HookEvent): Promise<void> {
    const fs = await deps.storage.forUser(event.user);
    const scope = await fs.realRoot();
    const file = await fs.realOf((await fs.resolve(event.file, { followLink: false })).abs);
    const destination = event.destination
      ? await fs.realOf((await fs.resolve(event.destination, { followLink: false })).abs)
      : scope;
    const masked = await fs.listDenied();
    for (const line of lines) {
      const words = splitWords(line.trim());
      const program = words?.[0] && (await findExecutable(words[0], SYSTEM_BIN));
      if (!words || !program) {
        deps.log.warn({ trigger, command: line }, "hook command not found");
        throw new AppError("HOOK_REFUSED", `The server's ${trigger} command could not be run`);
      }
      const outcome = await deps.runner.run({
        owner: `hook:${event.user.id}`,
        executable: program,
        args: words.slice(1),
        cwd: scope,
        writable: scope,
        masked,
        env: {
          FILE: file,
          DESTINATION: destination,
          SCOPE: scope,
          TRIGGER: trigger,
          USERNAME: event.user.username,
        },
        timeoutMs: HOOK_TIMEOUT_MS,
        maxOutputBytes: 256 * 1024,
      });
      deps.log.info(
        { trigger, command: line, exitCode: outcome.exitCode, output: outcome.output },
        "hook ran",
      );
      if (outcome.exitCode !== 0) {
        throw new AppError(
          "HOOK_REFUSED",
          `The server's ${trigger} command refused this (${outcome.timedOut ? "time limit reached" : `exit code ${outcome.exitCode ?? "none"}`})`,
        );
      }
    }
  }

  /** Starts `lines` as the `after_` hooks of `event` and returns at once; a failure is logged. */
  function startAfter(event: HookEvent, lines: string[]): void {
    if (lines.length === 0) return;
    const trigger = `after_${event.event}`;
    void (async () => {
      const { mode, reason } = await deps.runner.state();
      if (mode === "off") {
        deps.log.warn({ trigger, reason }, "after hooks not run: programs are off on this server");
        return;
      }
      await runAll(trigger, lines, event);
    })().catch((err: unknown) => deps.log.warn({ err, trigger }, "after hook failed"));
  }

  return {
    /**
     * Runs the `before_` hooks in order (the first that fails refuses the action) and answers
     * what starts the `after_` hooks once the action is done. The commands are read once.
     */
    async before(event: HookEvent): Promise<() => void> {
      const lines = await commandsOf(event.event);
      if (lines.before.length > 0) {
        // Nothing of the action is done when its guards cannot run.
        await deps.runner.assertAvailable();
        await runAll(`before_${event.event}`, lines.before, event);
      }
      return () => startAfter(event, lines.after);
    },

    /** The `after_upload` hooks of a file event: an upload that reached its last byte. */
    afterUploaded(userId: number, abs: string): void {
      void (async () => {
        const user = await deps.findUser(userId);
        if (!user) return;
        const fs = await deps.storage.forUser(user);
        const relative = path.relative(fs.root, abs).split(path.sep).join("/");
        if (relative.startsWith("..")) return;
        const event = { event: "upload", user, file: `/${relative}` };
        startAfter(event, (await commandsOf(event.event)).after);
      })().catch((err: unknown) => deps.log.warn({ err }, "after_upload hook failed"));
    },
  };
}

export type Hooks = ReturnType<typeof createHooks>;
