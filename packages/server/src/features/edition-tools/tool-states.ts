import path from "node:path";
import type {
  SupportFolderState,
  Tool,
  ToolSettings,
  ToolState,
  ToolStates,
} from "@scriptorium/shared";
import { filesInFolder, findExecutable, modifiedAt } from "../../runner/host.js";
import type { Runner } from "../../runner/runner.js";

/** A version run is short: a program that does not answer at once has no version line. */
const VERSION_TIMEOUT_MS = 5000;
/** Only the first line is kept; a program that prints more is stopped at this. */
const VERSION_OUTPUT_BYTES = 16 * 1024;
/** The longest version line shown. */
const VERSION_LINE_CHARS = 200;

/** Whose runs the version probes are (the runner's concurrency limit counts per owner). */
const VERSION_OWNER = "server:tool-versions";

export interface ToolStatesDeps {
  runner: Runner;
  toolSettings: () => Promise<ToolSettings>;
}

/**
 * The version line in a program's output: the first non-empty line that names the program
 * (`name`), else the first non-empty line; trimmed and cut to a sensible length.
 */
export function versionLine(output: string, name?: string): string | undefined {
  const lines = output
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const named = name ? lines.find((l) => l.toLowerCase().includes(name.toLowerCase())) : undefined;
  return (named ?? lines[0])?.slice(0, VERSION_LINE_CHARS);
}

/** A support folder as the server sees it: a readable folder, and how many files it holds. */
async function supportFolderState(folder: string): Promise<SupportFolderState> {
  const files = await filesInFolder(folder);
  return files === undefined
    ? { path: folder, exists: false }
    : { path: folder, exists: true, files };
}

/**
 * `GET /api/mauro/tools` (issue 30): each configured tool and whether its program exists, how
 * programs run here; for admins where each program is, its version line (asked of the program
 * through the runner, sandboxed and short, kept per program path and modification time) and the
 * support folders.
 */
export function createToolStates(deps: ToolStatesDeps) {
  /** Version lines by `<program path>\0<mtime>`: a program replaced is asked again. */
  const versions = new Map<string, Promise<string | undefined>>();

  /** One run of `program` with `args`, through the runner: its output, or undefined. */
  function ask(program: string, args: string[], folders: string[]) {
    return deps.runner.run({
      owner: VERSION_OWNER,
      executable: path.basename(program),
      args,
      readOnly: folders,
      path: folders,
      timeoutMs: VERSION_TIMEOUT_MS,
      maxOutputBytes: VERSION_OUTPUT_BYTES,
    });
  }

  /** What the program says of its version (`--version`, else `-h`); undefined when nothing. */
  async function probeVersion(program: string, settings: ToolSettings) {
    const folders = [
      ...new Set([path.dirname(program), ...settings.folders.filter((f) => path.isAbsolute(f))]),
    ];
    // A program that does not know `--version` may still exit 0 with its usage: not a version.
    const byVersion = await ask(program, ["--version"], folders);
    const understood = byVersion.exitCode === 0 && !/usage/i.test(byVersion.output);
    const line = understood ? versionLine(byVersion.output) : undefined;
    if (line) return line;
    // `-h`: the line that names the program (the compilers' title), else the first.
    return versionLine((await ask(program, ["-h"], folders)).output, path.basename(program));
  }

  async function versionOf(program: string, settings: ToolSettings) {
    const modified = await modifiedAt(program);
    if (modified === undefined) return undefined;
    const key = `${program}\0${modified}`;
    let known = versions.get(key);
    if (!known) {
      known = probeVersion(program, settings).catch(() => {
        // Programs off, too many runs at once: no line now, asked again next time.
        versions.delete(key);
        return undefined;
      });
      versions.set(key, known);
    }
    return known;
  }

  async function programOf(tool: Tool | undefined, settings: ToolSettings) {
    if (!tool) return undefined;
    return findExecutable(tool.executable, settings.folders);
  }

  /** A tool's state; `admin` adds its program and version. */
  async function stateOf(tool: Tool, settings: ToolSettings, admin: boolean): Promise<ToolState> {
    const program = await programOf(tool, settings);
    const state: ToolState = {
      name: tool.name,
      kind: tool.kind,
      enabled: tool.enabled,
      installed: program !== undefined,
    };
    if (tool.kind === "pdf-pipeline") {
      const missing: string[] = [];
      for (const step of tool.steps ?? []) {
        const stepTool = settings.tools.find((t) => t.name === step && t.kind !== "pdf-pipeline");
        if (!stepTool?.enabled || !(await programOf(stepTool, settings))) missing.push(step);
      }
      state.installed = (tool.steps?.length ?? 0) >= 2 && missing.length === 0;
      if (missing.length > 0) state.missing = missing;
    }
    if (admin && program) {
      state.program = program;
      const version = await versionOf(program, settings);
      if (version) state.version = version;
    }
    return state;
  }

  return {
    async states(admin: boolean): Promise<ToolStates> {
      const settings = await deps.toolSettings();
      const sandbox = (await deps.runner.state()).mode;
      // One at a time: the version probes share the runner's limits with the users' runs.
      const tools: ToolState[] = [];
      for (const tool of settings.tools) tools.push(await stateOf(tool, settings, admin));
      const answer: ToolStates = { sandbox, tools };
      if (admin) {
        answer.supportFolders = await Promise.all(
          (settings.supportFolders ?? []).map(supportFolderState),
        );
      }
      return answer;
    },
  };
}

export type ToolStatesService = ReturnType<typeof createToolStates>;
