import { spawn } from "node:child_process";
import { AppError } from "../errors.js";
import { createOutputBuffer } from "./output-buffer.js";
import { findExecutable, privateFolder, SYSTEM_BIN, systemEntries } from "./host.js";
import { bwrapArgs, SANDBOX_HOME, SYSTEM_PATHS } from "./sandbox.js";

/**
 * The one way this server runs external programs (edition tools now; the shell and hooks next):
 * argv only, never a shell string; inside bubblewrap when the machine has it, else with the
 * other limits alone (the server logs a warning at start).
 */
export type SandboxMode = "bwrap" | "limits-only";

export interface RunnerOptions {
  /** Runs at once per owner (user), default 2, and on the whole server, default 4. */
  maxPerOwner?: number;
  maxTotal?: number;
  /** "auto" (default): bubblewrap when it works here; "none": never (tests of that mode). */
  sandbox?: "auto" | "none";
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

const DEFAULT_OUTPUT_CAP = 4 * 1024 * 1024;
const DEFAULT_FILE_CAP = 1024 * 1024 * 1024;

/** Whether bubblewrap is installed and allowed to make namespaces on this machine. */
async function probeBwrap(): Promise<string | undefined> {
  const bwrap = await findExecutable("bwrap", SYSTEM_BIN);
  if (!bwrap) return undefined;
  const works = await new Promise<boolean>((resolve) => {
    const child = spawn(
      bwrap,
      ["--unshare-all", "--die-with-parent", "--ro-bind", "/", "/", "--", "/bin/true"],
      { stdio: "ignore", env: { PATH: "/usr/bin:/bin" } },
    );
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.on("error", () => resolve(false));
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
  return works ? bwrap : undefined;
}

export function createRunner(options: RunnerOptions = {}) {
  const maxPerOwner = options.maxPerOwner ?? 2;
  const maxTotal = options.maxTotal ?? 4;
  const perOwner = new Map<string, number>();
  let total = 0;
  let setup: Promise<{ bwrap?: string; prlimit?: string }> | undefined;
  const ready = () =>
    (setup ??= (async () => ({
      bwrap: options.sandbox === "none" ? undefined : await probeBwrap(),
      prlimit: await findExecutable("prlimit", SYSTEM_BIN),
    }))());

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
      const { bwrap, prlimit } = await ready();
      const limited = prlimit
        ? [prlimit, `--fsize=${spec.maxFileBytes ?? DEFAULT_FILE_CAP}`, "--", spec.executable]
        : [spec.executable];
      const command = [...limited, ...spec.args];
      const pathVar = [...new Set([...(spec.path ?? []), ...SYSTEM_BIN])].join(":");
      if (!bwrap) home = await privateFolder();
      const env = {
        ...spec.env,
        PATH: pathVar,
        HOME: bwrap ? SANDBOX_HOME : (home?.path ?? SANDBOX_HOME),
        LANG: "C.UTF-8",
      };
      if (spec.signal?.aborted) return cancelledOutcome();

      const [file, ...args] = bwrap
        ? [
            bwrap,
            ...bwrapArgs(
              {
                system: await systemEntries(SYSTEM_PATHS),
                readOnly: spec.readOnly ?? [],
                writable,
                masked: spec.masked ?? [],
                cwd,
                env,
              },
              command,
            ),
          ]
        : command;
      return await spawnAndWait(file as string, args, {
        cwd: bwrap ? "/" : cwd,
        env: bwrap ? { PATH: "/usr/bin:/bin" } : env,
        spec,
      });
    } finally {
      release();
      await home?.remove();
      await scratch?.remove();
    }
  }

  return {
    run,
    /** The sandbox this machine gives: "bwrap", or "limits-only" without bubblewrap. */
    async mode(): Promise<SandboxMode> {
      return (await ready()).bwrap ? "bwrap" : "limits-only";
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
  how: { cwd: string; env: Record<string, string>; spec: RunSpec },
): Promise<RunOutcome> {
  const { spec } = how;
  return new Promise<RunOutcome>((resolve, reject) => {
    const output = createOutputBuffer(spec.maxOutputBytes ?? DEFAULT_OUTPUT_CAP);
    let timedOut = false;
    let cancelled = false;
    const child = spawn(file, args, {
      cwd: how.cwd,
      env: how.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
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
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
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
