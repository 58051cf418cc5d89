import path from "node:path";
import {
  isTexFile,
  TOOL_ACTION_PREFIX,
  type Tool,
  type ToolRunResult,
  type ToolSettings,
} from "@scriptorium/shared";
import { AppError, badRequest, forbidden, notFound } from "../../errors.js";
import { decodeDestination, type PatchQuery } from "../../lib/route-params.js";
import { findExecutable } from "../../runner/host.js";
import { sandboxView, type Runner } from "../../runner/runner.js";
import type { FileEvents } from "../../storage/events.js";
import type { Storage } from "../../storage/storage.js";
import type { UserFs } from "../../storage/user-fs.js";
import type { UserRecord } from "../users/users.store.js";
import { toolArguments } from "./commandline.js";
import { runFolderTool } from "./folder-tool.js";
import { createFontCache } from "./font-cache.js";
import { runPdfPipeline } from "./pdf-pipeline.js";
import { runPdflatex } from "./pdflatex-tool.js";
import type { LocatedTool, ToolRun } from "./tool-run.js";

export interface ToolsDeps {
  storage: Storage;
  runner: Runner;
  events: FileEvents;
  /** The tool configuration, read at each run (the admin edits it in global settings). */
  toolSettings: () => Promise<ToolSettings>;
  /** Where the fonts METAFONT makes are kept for later runs (none: made at every run). */
  fontCacheDir?: string;
  /** Told of each run of a configured tool and how it ended (the metrics). */
  onRun?: (tool: string, result: "ok" | "failed" | "stopped" | "error") => void;
}

/** Decodes the second layer of `commandline` (encoded twice, like the destination). */
function decodeCommandline(raw: string | undefined): string {
  if (!raw) return "";
  try {
    return decodeURIComponent(raw);
  } catch {
    throw badRequest("The command line is not validly encoded");
  }
}

/**
 * What running `tool` needs (issue 27, finding 4), checked before anything runs: it writes
 * files, so `create`; pdflatex (and any tool writing beside its source) rewrites its PDF and
 * auxiliary files, so `modify` too; a folder tool overwriting an existing folder (override)
 * needs `modify` as well. Answers the query the tool gets: without `modify`, never overwriting.
 */
async function authorize(
  user: UserRecord,
  tool: Tool,
  fs: UserFs,
  query: PatchQuery,
): Promise<PatchQuery> {
  if (!user.perm.create) {
    throw forbidden(`Running ${tool.name} needs the create permission: it writes files`);
  }
  if (user.perm.modify) return query;
  if (tool.kind === "beside-source") {
    throw forbidden(
      `Running ${tool.name} needs the modify permission too: it rewrites its PDF and auxiliary files beside the source`,
    );
  }
  if (tool.kind === "pdf-pipeline") {
    throw forbidden(
      `Running ${tool.name} needs the modify permission too: its LaTeX step rewrites the PDF and auxiliary files`,
    );
  }
  if (query.override === "true") {
    let destination: string | undefined;
    try {
      destination = decodeDestination(query.destination);
    } catch {
      // The tool answers 400 for it before anything runs.
    }
    const dest = destination === undefined ? undefined : await fs.resolve(destination);
    if (dest && (await fs.statOrNone(dest.abs))) {
      throw forbidden(`Overwriting ${dest.path} with ${tool.name} needs the modify permission`);
    }
  }
  // A folder that appears meanwhile is then a conflict (409), never overwritten.
  return { ...query, override: "false" };
}

/** A run's result in a word or two, for the activity log. */
function runOutcome(result: ToolRunResult): string {
  if (result.ok) return "ok";
  return result.exitCode === null ? "stopped" : `failed (exit ${result.exitCode})`;
}

/**
 * The edition tools (API.md Part A §9–§10): `PATCH …?action=mauro:<tool>` and the tools' help,
 * run through the one runner with the configured executables only.
 */
export function createToolsService(deps: ToolsDeps) {
  const fontCache = deps.fontCacheDir ? createFontCache(deps.runner, deps.fontCacheDir) : undefined;

  /** The tool named `name` (unknown: `unknown`; switched off by the admin: 403). */
  async function lookUp(name: string, unknown: (message: string) => AppError) {
    const settings = await deps.toolSettings();
    const tool = settings.tools.find((t) => t.name === name);
    if (!tool) throw unknown(`Unknown tool "${name}"`);
    if (!tool.enabled) throw forbidden(`The tool ${name} is switched off by the administrator`);
    return { tool, settings };
  }

  /** The tool's program (501 when it is not installed), once programs may run (503 if not). */
  async function locate(tool: Tool, settings: ToolSettings) {
    await deps.runner.assertAvailable();
    const executable = await findExecutable(tool.executable, settings.folders);
    if (!executable) {
      // The message names the tool and the program, never the server's folders.
      throw new AppError(
        "NOT_IMPLEMENTED",
        `The tool ${tool.name} is not installed on this server (program "${path.basename(tool.executable)}" not found)`,
      );
    }
    // The program is started by name with its folder first on PATH: it runs the file found
    // here, and what it prints of its own name (usage lines) is not a server path.
    const folders = settings.folders.filter((f) => path.isAbsolute(f));
    return {
      executable: path.basename(executable),
      folders: [...new Set([path.dirname(executable), ...folders])],
    };
  }

  /**
   * A pipeline's two tools, each configured, on, of the right kind and installed (501 when one
   * is missing, 403 when one is switched off).
   */
  async function locateSteps(
    tool: Tool,
    settings: ToolSettings,
  ): Promise<{ compiler: LocatedTool; latex: LocatedTool }> {
    const [compilerName, latexName] = tool.steps ?? [];
    const step = async (name: string | undefined, kind: Tool["kind"]): Promise<LocatedTool> => {
      const found = settings.tools.find((t) => t.name === name && t.kind === kind);
      if (!found) {
        throw new AppError(
          "NOT_IMPLEMENTED",
          `The tool ${tool.name} is not set up on this server: its step ${name ?? "(none)"} is not a configured ${kind} tool`,
        );
      }
      if (!found.enabled) {
        throw forbidden(
          `The tool ${tool.name} runs ${found.name}, which is switched off by the administrator`,
        );
      }
      const { executable, folders } = await locate(found, settings);
      return { tool: found, executable, toolFolders: folders };
    };
    return {
      compiler: await step(compilerName, "folder"),
      latex: await step(latexName, "beside-source"),
    };
  }

  /** Runs a configured tool on the `.tex` file at `srcPath`, once the user may. */
  async function runTool(
    tool: Tool,
    settings: ToolSettings,
    user: UserRecord,
    srcPath: string,
    requested: PatchQuery,
    signal: AbortSignal | undefined,
  ): Promise<ToolRunResult> {
    const fs = await deps.storage.forUser(user);
    const query = await authorize(user, tool, fs, requested);
    const src = await fs.resolve(srcPath);
    const steps = tool.kind === "pdf-pipeline" ? await locateSteps(tool, settings) : undefined;
    const { executable, folders } = steps
      ? { executable: steps.compiler.executable, folders: steps.compiler.toolFolders }
      : await locate(tool, settings);
    const info = await fs.stat(src.abs);
    if (!info.isFile()) throw badRequest(`${tool.name} runs on a file, not a folder`);
    if (!isTexFile(src.path)) throw badRequest(`${tool.name} runs on .tex files only`);
    const sourceReal = await fs.realOf(src.abs);
    const scope = await fs.realRoot();
    // A file option names the file as the program sees it (in the sandbox, under /files):
    // the same words in the run's log, and no path of the server's in either.
    const sandboxed = (await deps.runner.state()).mode === "sandboxed";
    const seen = sandboxed ? sandboxView(scope) : (p: string) => p;
    const args = await toolArguments(tool, decodeCommandline(query.commandline), async (p) => {
      const target = await fs
        .resolve(p.startsWith("/") ? p : path.posix.join(path.posix.dirname(src.path), p))
        .catch(() => undefined);
      const stat = target && (await fs.statOrNone(target.abs));
      if (!target || !stat?.isFile()) throw badRequest(`No such file in your files: ${p}`);
      return seen(await fs.realOf(target.abs));
    });
    const run: ToolRun = {
      tool,
      fs,
      user,
      source: { path: src.path, abs: src.abs, real: sourceReal },
      executable,
      args,
      scope,
      toolFolders: folders,
      masked: await fs.listDenied(),
      latex: { supportFolders: settings.supportFolders ?? [], fontCache, sandboxed },
      ...(steps ? { steps } : {}),
      signal,
    };
    const result =
      tool.kind === "beside-source"
        ? await runPdflatex(deps.runner, run)
        : tool.kind === "pdf-pipeline"
          ? await runPdfPipeline(deps.runner, run, query)
          : await runFolderTool(deps.runner, run, query);
    const written = await fs.resolve(path.posix.dirname(result.log));
    deps.events.emit({
      type: "compiled",
      userId: user.id,
      abs: src.abs,
      to: written.abs,
      detail: `${tool.name}: ${runOutcome(result)}`,
    });
    return result;
  }

  return {
    /**
     * The checks of a run that come before anything else, hooks included: the tool exists and
     * is on, and the user has the permissions it needs.
     */
    async authorize(user: UserRecord, requested: PatchQuery): Promise<void> {
      const name = (requested.action ?? "").slice(TOOL_ACTION_PREFIX.length);
      const { tool } = await lookUp(name, (m) => badRequest(m));
      await authorize(user, tool, await deps.storage.forUser(user), requested);
    },

    /** The `mauro:<tool>` PATCH action: runs the tool on the `.tex` file at `srcPath`. */
    async run(
      user: UserRecord,
      srcPath: string,
      requested: PatchQuery,
      signal?: AbortSignal,
    ): Promise<ToolRunResult> {
      const name = (requested.action ?? "").slice(TOOL_ACTION_PREFIX.length);
      const { tool, settings } = await lookUp(name, (m) => badRequest(m));
      try {
        const result = await runTool(tool, settings, user, srcPath, requested, signal);
        deps.onRun?.(tool.name, result.ok ? "ok" : result.exitCode === null ? "stopped" : "failed");
        return result;
      } catch (err) {
        deps.onRun?.(tool.name, "error");
        throw err;
      }
    },

    /** `GET /api/mauro/help/{name}`: the tool's `-h` text (unknown names 404). */
    async help(user: UserRecord, name: string, signal?: AbortSignal): Promise<string> {
      const { tool, settings } = await lookUp(name, notFound);
      const { executable, folders } = await locate(tool, settings);
      const outcome = await deps.runner.run({
        owner: `user:${user.id}`,
        executable,
        args: ["-h"],
        readOnly: folders,
        path: folders,
        timeoutMs: 10_000,
        maxOutputBytes: 256 * 1024,
        signal,
      });
      return outcome.output;
    },
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
