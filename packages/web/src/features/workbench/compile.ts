import {
  defaultToolOutputName,
  guessCompileProfile,
  PROFILE_TOOL,
  profileOfTool,
  type CompileProfile,
  stemOf,
  witnessViewPage,
  WITNESS_VIEWS,
  type WitnessView,
} from "@scriptorium/shared";
import type { QueryClient } from "@tanstack/react-query";
import { isStatusError } from "../../api/errors";
import { handleError } from "../../state/handle-error";
import { asFolder, baseName, parentFolder } from "../../lib/paths";
import { useRunStore, type LastRun } from "../../state/run-store";
import { recordRun } from "../../state/record-run";
import { runTool, type ToolRunRequest } from "../../api/tools-api";

/** The folder a folder tool writes for `source` by default: `<stem>_<tool>` beside it. */
export function defaultDestination(source: string, tool = "m2hv"): string {
  return `${parentFolder(source)}${defaultToolOutputName(baseName(source), tool)}`;
}

/**
 * The profile Compile runs on a file (issue 30): the one of its last run in this session (a
 * profile's tool), else the one kept for it in this browser (`state/compile-profiles`), else one
 * chosen from its content (`\documentclass` → LaTeX; a Mauro-TeX document → HTML).
 */
export function compileProfileOf(
  last: LastRun | undefined,
  stored: CompileProfile | undefined,
  text: () => string,
): CompileProfile {
  return (last && profileOfTool(last.request.tool)) ?? stored ?? guessCompileProfile(text());
}

/**
 * What Compile runs for `profile`: the last run on this file again when it ran the profile's
 * tool (its options and output folder), overwriting its output; else the profile's tool with no
 * options into `<stem>_<tool>` beside the file (pdflatex writes beside the file).
 */
export function compileRequest(
  source: string,
  profile: CompileProfile,
  last: LastRun | undefined,
): ToolRunRequest {
  const tool = PROFILE_TOOL[profile];
  if (last?.request.tool === tool) return { ...last.request, source, override: true };
  return {
    source,
    tool,
    destination: tool === "pdflatex" ? parentFolder(source) : defaultDestination(source, tool),
    commandline: "",
    override: true,
  };
}

/** The witness view a command line asks for (`-t A`, `-c A,B C`), if any. */
export function witnessViewOf(commandline: string): { view: WitnessView; siglum: string } | null {
  const words = commandline.split(/\s+/).filter(Boolean);
  for (const [view, flag] of Object.entries(WITNESS_VIEWS) as [WitnessView, string][]) {
    const at = words.indexOf(flag);
    if (at >= 0) return { view, siglum: words[at + 1] ?? "" };
  }
  return null;
}

/**
 * The file a run made that the output pane shows: the `output` the server names, else (for a
 * run that went well) m2hv's page (its witness view's first page, or `{dest}/index.html`),
 * pdflatex's `<stem>.pdf` beside the source. Null for other tools' output (LaTeX files).
 */
export function outputOf(run: Pick<LastRun, "request" | "result">): string | null {
  const { request, result } = run;
  if (result.output) return result.output;
  // A failed run wrote nothing; an older page would pass for its output.
  if (!result.ok) return null;
  const stem = stemOf(baseName(request.source));
  if (request.tool === "pdflatex") return `${parentFolder(request.source)}${stem}.pdf`;
  if (request.tool !== "m2hv") return null;
  const witness = witnessViewOf(request.commandline);
  const page = witness ? witnessViewPage(stem, witness.view, witness.siglum) : "index.html";
  return `${asFolder(request.destination)}${page}`;
}

/**
 * Runs `request`, registered in the run store with the controller that cancels it, and records
 * the result for the workbench (diagnostics, output pane). The listings it changed reload.
 * Errors go to a toast; a cancelled run is silent. Answers whether a result came back.
 */
export async function runCompile(
  request: ToolRunRequest,
  queryClient: QueryClient,
): Promise<boolean> {
  const store = useRunStore.getState();
  if (store.running?.source === request.source) return false;
  const controller = new AbortController();
  store.setRunning({ source: request.source, tool: request.tool, controller });
  try {
    const result = await runTool(request, controller.signal);
    void recordRun(request, result, queryClient);
    return true;
  } catch (err) {
    if (!controller.signal.aborted && !isStatusError(err, 401)) handleError(err);
    return false;
  } finally {
    if (useRunStore.getState().running?.controller === controller) {
      useRunStore.getState().setRunning(null);
    }
  }
}

/** Cancels the run on `source`, if one is under way (the server kills the tool). */
export function cancelCompile(source: string): void {
  const running = useRunStore.getState().running;
  if (running?.source === source) running.controller.abort();
}
