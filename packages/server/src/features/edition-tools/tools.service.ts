import path from "node:path";
import {
  isTexFile,
  TOOL_ACTION_PREFIX,
  type ToolRunResult,
  type ToolSettings,
} from "@scriptorium/shared";
import { AppError, badRequest, forbidden, notFound } from "../../errors.js";
import type { PatchQuery } from "../../lib/route-params.js";
import { findExecutable } from "../../runner/host.js";
import type { Runner } from "../../runner/runner.js";
import type { FileEvents } from "../../storage/events.js";
import type { Storage } from "../../storage/storage.js";
import type { UserRecord } from "../users/users.store.js";
import { toolArguments } from "./commandline.js";
import { runFolderTool } from "./folder-tool.js";
import { runPdflatex } from "./pdflatex-tool.js";
import type { ToolRun } from "./tool-run.js";

export interface ToolsDeps {
  storage: Storage;
  runner: Runner;
  events: FileEvents;
  /** The tool configuration, read at each run (the admin edits it in global settings). */
  toolSettings: () => Promise<ToolSettings>;
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
 * The edition tools (API.md Part A §9–§10): `PATCH …?action=mauro:<tool>` and the tools' help,
 * run through the one runner with the configured executables only.
 */
export function createToolsService(deps: ToolsDeps) {
  async function configured(name: string, unknown: (message: string) => AppError) {
    const settings = await deps.toolSettings();
    const tool = settings.tools.find((t) => t.name === name);
    if (!tool) throw unknown(`Unknown tool "${name}"`);
    if (!tool.enabled) throw forbidden(`The tool ${name} is switched off by the administrator`);
    const executable = await findExecutable(tool.executable, settings.folders);
    if (!executable) {
      // The message names the tool and the program, never the server's folders.
      throw new AppError(
        "NOT_IMPLEMENTED",
        `The tool ${name} is not installed on this server (program "${path.basename(tool.executable)}" not found)`,
      );
    }
    // The program is started by name with its folder first on PATH: it runs the file found
    // here, and what it prints of its own name (usage lines) is not a server path.
    const folders = settings.folders.filter((f) => path.isAbsolute(f));
    return {
      tool,
      executable: path.basename(executable),
      folders: [...new Set([path.dirname(executable), ...folders])],
    };
  }

  return {
    /** The `mauro:<tool>` PATCH action: runs the tool on the `.tex` file at `srcPath`. */
    async run(
      user: UserRecord,
      srcPath: string,
      query: PatchQuery,
      signal?: AbortSignal,
    ): Promise<ToolRunResult> {
      const name = (query.action ?? "").slice(TOOL_ACTION_PREFIX.length);
      const fs = await deps.storage.forUser(user);
      const src = await fs.resolve(srcPath);
      const { tool, executable, folders } = await configured(name, (m) => badRequest(m));
      const info = await fs.stat(src.abs);
      if (!info.isFile()) throw badRequest(`${tool.name} runs on a file, not a folder`);
      if (!isTexFile(src.path)) throw badRequest(`${tool.name} runs on .tex files only`);
      const sourceReal = await fs.realOf(src.abs);
      const args = await toolArguments(tool, decodeCommandline(query.commandline), async (p) => {
        const target = await fs
          .resolve(p.startsWith("/") ? p : path.posix.join(path.posix.dirname(src.path), p))
          .catch(() => undefined);
        const stat = target && (await fs.statOrNone(target.abs));
        if (!target || !stat?.isFile()) throw badRequest(`No such file in your files: ${p}`);
        return fs.realOf(target.abs);
      });
      const scope = await fs.realOf(fs.root);
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
        signal,
      };
      const result =
        tool.kind === "beside-source"
          ? await runPdflatex(deps.runner, run)
          : await runFolderTool(deps.runner, run, query);
      const written = await fs.resolve(path.posix.dirname(result.log));
      deps.events.emit({ type: "compiled", userId: user.id, abs: src.abs, to: written.abs });
      return result;
    },

    /** `GET /api/mauro/help/{name}`: the tool's `-h` text (unknown names 404). */
    async help(user: UserRecord, name: string, signal?: AbortSignal): Promise<string> {
      const { executable, folders } = await configured(name, notFound);
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
