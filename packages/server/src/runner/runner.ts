import { spawn } from "node:child_process";
import type { Writable } from "node:stream";
import type { ProgramsState } from "@scriptorium/shared";
import { AppError } from "../errors.js";
import { exactly, pin } from "../storage/descriptor.js";
import { createOutputBuffer } from "./output-buffer.js";
import {
  CLOSE_DESCRIPTORS,
  findExecutable,
  presentEntries,
  privateFolder,
  SYSTEM_BIN,
  systemEntries,
} from "./host.js";
import { probeBwrap, type SandboxProblem, unreadableSystemEntries } from "./machine.js";
import { argsFile, bwrapOptions, SANDBOX_FILES, SANDBOX_HOME, SYSTEM_PATHS } from "./sandbox.js";

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

export interface RunOutcome {
  /** Null when the program was killed. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  output: string;
  timedOut: boolean;
  outputCapped: boolean;
  cancelled: boolean;
}

/** How programs run here, and (for the log) what bubblewrap said when it failed. */
export type RunnerState = ProgramsState & { detail?: string };

const DEFAULT_OUTPUT_CAP = 4 * 1024 * 1024;
const DEFAULT_FILE_CAP = 1024 * 1024 * 1024;
/** The descriptor on which bubblewrap reads its arguments (`--args 3`). */
const ARGS_FD = 3;
/** The descriptor of the user's folder that bubblewrap binds (`--bind-fd`). */
const SCOPE_FD = 4;

interface Setup {
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

async function machineSetup(options: RunnerOptions): Promise<Setup> {
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

export function createRunner(options: RunnerOptions = {}) {
  const maxPerOwner = options.maxPerOwner ?? 2;
  const maxTotal = options.maxTotal ?? 4;
  const perOwner = new Map<string, number>();
  let total = 0;
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

  function acquire(owner: string): () => void {
    const mine = perOwner.get(owner) ?? 0;
    if (mine >= maxPerOwner) {
      throw new AppError(
        "TOO_MANY_RUNS",
        `You already have ${mine} tools running; wait for one to finish`,
      );
    }
    if (total >= maxTotal) {
      throw new AppError(
        "TOO_MANY_RUNS",
        "The server is running as many tools as it can; try again soon",
      );
    }
    perOwner.set(owner, mine + 1);
    total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      total--;
      const left = (perOwner.get(owner) ?? 1) - 1;
      if (left > 0) perOwner.set(owner, left);
      else perOwner.delete(owner);
    };
  }

  async function run(spec: RunSpec): Promise<RunOutcome> {
    const { bwrap, bash, prlimit } = await available();
    const release = acquire(spec.owner);
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
      const limited = prlimit
        ? [prlimit, `--fsize=${spec.maxFileBytes ?? DEFAULT_FILE_CAP}`, "--", spec.executable]
        : [spec.executable];
      // bash first: it closes every inherited descriptor above 2, then becomes the program.
      const command = [bash, ...CLOSE_DESCRIPTORS, ...limited, ...spec.args.map(seenInWord(seen))];
      const pathVar = [...new Set([...(spec.path ?? []), ...SYSTEM_BIN])].join(":");
      if (!bwrap) home = await privateFolder();
      const env = {
        ...mapValues(spec.env ?? {}, seenInWord(seen)),
        PATH: pathVar,
        HOME: bwrap ? SANDBOX_HOME : (home?.path ?? SANDBOX_HOME),
        LANG: "C.UTF-8",
      };
      if (spec.signal?.aborted) return cancelledOutcome();

      if (!bwrap) {
        return await spawnAndWait(command[0] as string, command.slice(1), { cwd, env, spec });
      }
      // Without that list nothing runs: the sandbox would show those files.
      const unreadable = await unreadableSystemEntries().catch(() => {
        throw programsOff("the system files other users may not read could not be listed");
      });
      // The writable folder is held open and found exactly at its real path (no link on the
      // way) before bubblewrap binds that descriptor: what the sandbox gets is what was checked.
      const scope = await pin(writable, { follow: false, dir: true }, exactly(writable)).catch(
        () => {
          throw new AppError("PATH_OUTSIDE_SCOPE", "Your folder cannot be reached");
        },
      );
      try {
        const options = bwrapOptions({
          system: await systemEntries(SYSTEM_PATHS),
          hidden: await presentEntries(unreadable),
          readOnly: spec.readOnly ?? [],
          writable: SANDBOX_FILES,
          writableFd: SCOPE_FD,
          masked: (spec.masked ?? []).map((entry) => ({ ...entry, path: seen(entry.path) })),
          cwd: seen(cwd),
          env,
        });
        // The options go through a descriptor: bubblewrap's own command line, which the
        // sandbox sees as /proc/1/cmdline, holds only the command, and no path of the server.
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
    } finally {
      release();
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
      return total;
    },
  };
}

export type Runner = ReturnType<typeof createRunner>;

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

/**
 * Where a path of the host is seen from inside the sandbox: the writable folder and what it
 * holds under SANDBOX_FILES; any other path as it is.
 */
export function sandboxView(writable: string): (hostPath: string) => string {
  return (hostPath) => {
    if (hostPath === writable) return SANDBOX_FILES;
    if (hostPath.startsWith(`${writable}/`)) return SANDBOX_FILES + hostPath.slice(writable.length);
    return hostPath;
  };
}

/** A word (an argument, a variable's value) with a host path in it seen from the sandbox. */
function seenInWord(seen: (hostPath: string) => string): (word: string) => string {
  return (word) => {
    if (word.startsWith("/")) return seen(word);
    // An option's attached value: --output=/path.
    const at = word.indexOf("=/");
    return at < 0 ? word : word.slice(0, at + 1) + seen(word.slice(at + 1));
  };
}

function mapValues(
  record: Readonly<Record<string, string>>,
  map: (value: string) => string,
): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}
