import { spawn } from "node:child_process";
import type { Writable } from "node:stream";
import { AppError } from "../errors.js";
import { exactly, pin } from "../storage/descriptor.js";
import { createOutputBuffer } from "./output-buffer.js";
import {
  CLOSE_DESCRIPTORS,
  presentEntries,
  privateFolder,
  SYSTEM_BIN,
  systemEntries,
} from "./host.js";
import { unreadableSystemEntries } from "./machine.js";
import type { Db } from "../db/database.js";
import { createRunSlots } from "./run-slots.js";
import { createSharedRunSlots } from "./shared-run-slots.js";
import {
  argsFile,
  bwrapOptions,
  SANDBOX_FILES,
  SANDBOX_HOME,
  sandboxView,
  seenInWord,
  SYSTEM_PATHS,
} from "./sandbox.js";
import { machineSetup, programsOff, type RunnerState, type Setup } from "./setup.js";

export { sandboxView } from "./sandbox.js";
export type { RunnerState } from "./setup.js";

/**
 * The one way this server runs external programs (edition tools, the shell, hooks): argv only,
 * never a shell string, no descriptor but the standard three; inside bubblewrap when the machine
 * has a working one. Without it programs are off (503), unless the admin started the server with
 * --unsandboxed-programs: then they run with the other limits alone.
 */
export interface RunnerOptions {
  /** Runs at once per owner (user), default 2, and on the whole server, default 4. */
  maxPerOwner?: number;
  maxTotal?: number;
  /**
   * The database whose `running` table counts the runs, so that several instances on it share
   * the limits; without it they count in this process.
   */
  db?: Db;
  /** "auto" (default): bubblewrap when it works here; "none": never (tests of that mode). */
  sandbox?: "auto" | "none";
  /**
   * Without a working bubblewrap, run programs anyway, with the limits alone (the server's
   * --unsandboxed-programs). Default false: they are refused with 503.
   */
  unsandboxedPrograms?: boolean;
}

export interface RunSpec {
  /** Whose run it is: the concurrency limit counts per owner. */
  owner: string;
  /**
   * The program, from the server's configuration, never from a request: an absolute path, or a
   * bare name found through `path` (its folder first).
   */
  executable: string;
  args: readonly string[];
  /** Working folder (a real path inside `writable`); none: a private empty folder. */
  cwd?: string;
  /** The user's scope folder (real path): the only writable, visible part of the files root. */
  writable?: string;
  /** More folders shown read-only (tool folders). */
  readOnly?: readonly string[];
  /**
   * Server folders shown at a place of the sandbox's own (`at`): the support folders and the
   * font cache read-only, a run's own folder for the fonts it makes writable. Without the
   * sandbox nothing is mounted: the program reaches them at `host` (see `bindPlace`).
   */
  binds?: readonly RunBind[];
  /** Entries inside `writable` that the user's rules deny: hidden from the tool. */
  masked?: readonly { path: string; isDir: boolean }[];
  /** Folders for PATH, before the system's /usr/local/bin, /usr/bin and /bin. */
  path?: readonly string[];
  /** Variables added to the fixed environment (PATH, HOME, LANG). */
  env?: Readonly<Record<string, string>>;
  timeoutMs: number;
  /** Output kept, stdout and stderr together; reaching it kills the run. Default 4 MiB. */
  maxOutputBytes?: number;
  /** Largest file the program may write (RLIMIT_FSIZE). Default 1 GiB. */
  maxFileBytes?: number;
  /** Aborting it (the client went away, the user cancelled) kills the run. */
  signal?: AbortSignal;
  /** Receives the output as it arrives (stdout and stderr interleaved), within the cap. */
  onOutput?: (chunk: Buffer) => void;
}

export interface RunBind {
  host: string;
  at: string;
  writable?: boolean;
}

/** Where a program sees a bound folder: `at` in the sandbox, `host` without it. */
export function bindPlace(bind: RunBind, sandboxed: boolean): string {
  return sandboxed ? bind.at : bind.host;
}

export interface RunOutcome {
  /** Null when the program was killed. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  output: string;
  timedOut: boolean;
  outputCapped: boolean;
  cancelled: boolean;
}

const DEFAULT_OUTPUT_CAP = 4 * 1024 * 1024;
const DEFAULT_FILE_CAP = 1024 * 1024 * 1024;
/** The descriptor on which bubblewrap reads its arguments (`--args 3`). */
const ARGS_FD = 3;
/** The descriptor of the user's folder that bubblewrap binds (`--bind-fd`). */
const SCOPE_FD = 4;

export function createRunner(options: RunnerOptions = {}) {
  const maxPerOwner = options.maxPerOwner ?? 2;
  const maxTotal = options.maxTotal ?? 4;
  const slots = options.db
    ? createSharedRunSlots(options.db, maxPerOwner, maxTotal)
    : createRunSlots(maxPerOwner, maxTotal);
  let setup: Promise<Setup> | undefined;
  const ready = () => (setup ??= machineSetup(options));

  /** The setup when programs may run; PROGRAMS_OFF otherwise. */
  async function available(): Promise<Setup & { bash: string }> {
    const current = await ready();
    if (current.state.mode === "off" || !current.bash) {
      throw programsOff(current.state.reason ?? "no sandbox");
    }
    return { ...current, bash: current.bash };
  }

  async function run(spec: RunSpec): Promise<RunOutcome> {
    const { bwrap, bash, prlimit } = await available();
    const release = await slots.acquire(spec.owner);
    let home: Awaited<ReturnType<typeof privateFolder>> | undefined;
    let scratch: Awaited<ReturnType<typeof privateFolder>> | undefined;
    try {
      let cwd = spec.cwd;
      if (cwd === undefined) {
        scratch = await privateFolder();
        cwd = scratch.path;
      }
      const writable = spec.writable ?? cwd;
      // In the sandbox the writable folder is at SANDBOX_FILES: the program never learns where
      // the files live on the server. Paths handed to it are given in its own view.
      const seen = bwrap ? sandboxView(writable) : (p: string) => p;
      if (!bwrap) home = await privateFolder();
      const command = commandOf(spec, { bash, prlimit }, seen);
      const env = envOf(spec, seen, home?.path ?? SANDBOX_HOME);
      if (spec.signal?.aborted) return cancelledOutcome();
      if (!bwrap) {
        return await spawnAndWait(command[0] as string, command.slice(1), { cwd, env, spec });
      }
      return await runSandboxed(bwrap, command, { spec, env, writable, cwd: seen(cwd), seen });
    } finally {
      await release();
      await home?.remove();
      await scratch?.remove();
    }
  }

  return {
    run,
    /**
     * How programs run on this machine: "sandboxed" (bubblewrap), "off" (no working bubblewrap;
     * `reason` says why), or "unsandboxed" (the same, and the admin allowed it).
     */
    state: async (): Promise<RunnerState> => (await ready()).state,
    /** Throws PROGRAMS_OFF (503) when programs are off: a caller checks before doing any work. */
    async assertAvailable(): Promise<void> {
      await available();
    },
    /** Runs under way, for tests and diagnostics. */
    get active() {
      return slots.active;
    },
  };
}

export type Runner = ReturnType<typeof createRunner>;

/**
 * The command line of a run: bash first (it closes every inherited descriptor above 2, then
 * becomes the program), prlimit's file size cap when the machine has it, then the program and
 * its arguments with host paths seen from where it runs.
 */
function commandOf(
  spec: RunSpec,
  tools: { bash: string; prlimit?: string | undefined },
  seen: (hostPath: string) => string,
): string[] {
  const limited = tools.prlimit
    ? [tools.prlimit, `--fsize=${spec.maxFileBytes ?? DEFAULT_FILE_CAP}`, "--", spec.executable]
    : [spec.executable];
  return [tools.bash, ...CLOSE_DESCRIPTORS, ...limited, ...spec.args.map(seenInWord(seen))];
}

/** The whole environment of a run: the spec's variables (paths seen), PATH, HOME and LANG. */
function envOf(
  spec: RunSpec,
  seen: (hostPath: string) => string,
  home: string,
): Record<string, string> {
  const inWord = seenInWord(seen);
  const own = Object.entries(spec.env ?? {}).map(([key, value]) => [key, inWord(value)]);
  return {
    ...(Object.fromEntries(own) as Record<string, string>),
    PATH: [...new Set([...(spec.path ?? []), ...SYSTEM_BIN])].join(":"),
    HOME: home,
    LANG: "C.UTF-8",
  };
}

/** Runs `command` in bubblewrap, the user's folder bound from a checked descriptor. */
async function runSandboxed(
  bwrap: string,
  command: readonly string[],
  how: {
    spec: RunSpec;
    env: Record<string, string>;
    writable: string;
    /** The working folder, as the sandbox sees it. */
    cwd: string;
    seen: (hostPath: string) => string;
  },
): Promise<RunOutcome> {
  const { spec, writable, seen } = how;
  // Without that list nothing runs: the sandbox would show those files.
  const unreadable = await unreadableSystemEntries().catch(() => {
    throw programsOff("the system files other users may not read could not be listed");
  });
  // The writable folder is held open and found exactly at its real path (no link on the way)
  // before bubblewrap binds that descriptor: what the sandbox gets is what was checked.
  const scope = await pin(writable, { follow: false, dir: true }, exactly(writable)).catch(() => {
    throw new AppError("PATH_OUTSIDE_SCOPE", "Your folder cannot be reached");
  });
  try {
    const options = bwrapOptions({
      system: await systemEntries(SYSTEM_PATHS),
      hidden: await presentEntries(unreadable),
      readOnly: spec.readOnly ?? [],
      binds: spec.binds ?? [],
      writable: SANDBOX_FILES,
      writableFd: SCOPE_FD,
      masked: (spec.masked ?? []).map((entry) => ({ ...entry, path: seen(entry.path) })),
      cwd: how.cwd,
      env: how.env,
    });
    // The options go through a descriptor: bubblewrap's own command line, which the sandbox
    // sees as /proc/1/cmdline, holds only the command, and no path of the server.
    return await spawnAndWait(bwrap, ["--args", String(ARGS_FD), "--", ...command], {
      cwd: "/",
      env: { PATH: "/usr/bin:/bin" },
      spec,
      argsFile: argsFile(options),
      scopeFd: scope.fd,
    });
  } finally {
    await scope.close();
  }
}

function cancelledOutcome(): RunOutcome {
  return {
    exitCode: null,
    signal: null,
    output: "",
    timedOut: false,
    outputCapped: false,
    cancelled: true,
  };
}

/** Spawns in a new process group and waits; timeout, output cap and abort kill the group. */
function spawnAndWait(
  file: string,
  args: readonly string[],
  how: {
    cwd: string;
    env: Record<string, string>;
    spec: RunSpec;
    argsFile?: Buffer;
    /** Becomes SCOPE_FD in bubblewrap (which binds it, then the first step closes it). */
    scopeFd?: number;
  },
): Promise<RunOutcome> {
  const { spec } = how;
  // Aborted while the run was being prepared: nothing starts.
  if (spec.signal?.aborted) return Promise.resolve(cancelledOutcome());
  return new Promise<RunOutcome>((resolve, reject) => {
    const output = createOutputBuffer(spec.maxOutputBytes ?? DEFAULT_OUTPUT_CAP);
    let timedOut = false;
    let cancelled = false;
    const child = spawn(file, args, {
      cwd: how.cwd,
      env: how.env,
      detached: true,
      stdio: how.argsFile
        ? ["ignore", "pipe", "pipe", "pipe", how.scopeFd ?? "ignore"]
        : ["ignore", "pipe", "pipe"],
    });
    if (how.argsFile) {
      const input = child.stdio[ARGS_FD] as Writable | null;
      // bubblewrap gone before reading (it failed at start): its exit code tells.
      input?.on("error", () => undefined);
      input?.end(how.argsFile);
    }
    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    };
    const onData = (chunk: Buffer) => {
      const kept = output.push(chunk);
      if (kept.length > 0) spec.onOutput?.(kept);
      if (output.capped) killGroup();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, spec.timeoutMs);
    const onAbort = () => {
      cancelled = true;
      killGroup();
    };
    spec.signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      spec.signal?.removeEventListener("abort", onAbort);
      // Whatever the program left behind in its group goes with it.
      killGroup();
    };
    child.on("error", (err) => {
      done();
      reject(err);
    });
    child.on("close", (code, signal) => {
      done();
      resolve({
        exitCode: code,
        signal,
        output: output.text(),
        timedOut,
        outputCapped: output.capped,
        cancelled,
      });
    });
  });
}
