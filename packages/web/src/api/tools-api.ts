import type { ToolRunResult, ToolStates } from "@scriptorium/shared";
import { apiCall } from "./client";
import { encodePath } from "../lib/paths";

export interface ToolRunRequest {
  /** The `.tex` file (decoded path in the user's files). */
  source: string;
  /** m2hv, m2lv, m2ledmac, pdflatex, or another configured tool. */
  tool: string;
  /** Output folder (decoded path); ignored by pdflatex, which writes beside the source. */
  destination: string;
  /** The options typed in the dialog, e.g. `-s A -v`. */
  commandline: string;
  override: boolean;
}

function isToolRunResult(value: unknown): value is ToolRunResult {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.log === "string" && typeof v.ok === "boolean" && Array.isArray(v.diagnostics);
}

/**
 * `PATCH /api/resources{src}?action=mauro:<tool>&destination=…&commandline=…&override=…`: the
 * server waits for the tool and answers its result. `destination` and `commandline` are encoded
 * here once and again by the query string (the server decodes both twice). Aborting the signal
 * closes the request, and the server kills the tool.
 */
export async function runTool(
  request: ToolRunRequest,
  signal?: AbortSignal,
): Promise<ToolRunResult> {
  const answer: unknown = await apiCall("patchResource", {
    path: request.source,
    query: {
      action: `mauro:${request.tool}`,
      destination: encodePath(request.destination),
      commandline: encodeURIComponent(request.commandline),
      override: String(request.override),
    },
    signal,
  });
  if (!isToolRunResult(answer)) throw new Error("The server did not answer with a tool result");
  return answer;
}

/** `GET /api/mauro/help/{tool}`: the tool's own help text. */
export function fetchToolHelp(tool: string, signal?: AbortSignal): Promise<string> {
  return apiCall("toolHelp", { params: { name: tool }, signal });
}

/** The query key of the tool states (per user: an admin's answer holds more). */
export const toolStatesKey = (userId: number | undefined) => ["toolStates", userId] as const;

function isToolStates(value: unknown): value is ToolStates {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.sandbox === "string" && Array.isArray(v.tools);
}

/** `GET /api/mauro/tools`: each configured tool and whether its program exists on the server. */
export async function fetchToolStates(signal?: AbortSignal): Promise<ToolStates> {
  const answer: unknown = await apiCall("toolStates", { signal });
  if (!isToolStates(answer)) throw new Error("The server did not answer with the tool states");
  return answer;
}
