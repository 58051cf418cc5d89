import { profileOfTool, type ToolRunResult } from "@scriptorium/shared";
import type { QueryClient } from "@tanstack/react-query";
import { asFolder, parentFolder } from "../lib/paths";
import { resourceKey } from "../api/resource-api";
import { useAuthStore } from "./auth-store";
import { storeProfile } from "./compile-profiles";
import { useRunStore } from "./run-store";
import type { ToolRunRequest } from "../api/tools-api";

/**
 * After a tool run came back: records it for the workbench (diagnostics, output pane, the next
 * compile, the file's compile profile), drops any cached copy of its log, and reloads the listings it changed (the source's
 * folder, the log's, the output folder). Resolves once those listings are fresh.
 */
export async function recordRun(
  request: ToolRunRequest,
  result: ToolRunResult,
  queryClient: QueryClient,
): Promise<void> {
  useRunStore.getState().record({ request, result, at: Date.now() });
  // A run of a profile's tool makes that profile the file's (the next Compile runs it).
  const profile = profileOfTool(request.tool);
  const user = useAuthStore.getState().user;
  if (profile && user) storeProfile(user.id, request.source, profile);
  queryClient.removeQueries({ queryKey: resourceKey(result.log) });
  const folders = new Set([parentFolder(request.source), parentFolder(result.log)]);
  if (request.tool !== "pdflatex") folders.add(asFolder(request.destination));
  await Promise.all(
    [...folders].map((folder) => queryClient.invalidateQueries({ queryKey: resourceKey(folder) })),
  );
}
