import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { errorMessage, isStatusError } from "../../api/errors";
import { encodePath } from "../../lib/paths";
import { recordRun } from "../../state/record-run";
import { saveBeforeRun, useRunStore } from "../../state/run-store";
import { runTool, type ToolRunRequest } from "../../api/tools-api";

/**
 * Runs a tool from its dialog: the run is registered in the run store with the controller that
 * cancels it; on success the listings it changed reload, the run is recorded for the workbench,
 * the dialog closes and the log opens (SPEC.md §4), unless the run was started from the editor:
 * then it stays there, with the output beside the source. A failure stays in the dialog, shown with
 * the server's message (a 429 when too many tools run, a 501 naming a missing tool). Closing
 * the dialog while the tool runs cancels it.
 */
export function useToolRun(close: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const [running, setRunning] = useState(false);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const start = async (request: ToolRunRequest) => {
    // From the editor: the text on screen is what runs (a failed save shows its own error).
    if (!(await saveBeforeRun(request.source))) return;
    const controller = new AbortController();
    controllerRef.current = controller;
    setError(null);
    setRunning(true);
    const store = useRunStore.getState();
    store.setRunning({ source: request.source, tool: request.tool, controller });
    try {
      // Started from the editor (it has the source open, its saver registered): the run stays
      // there, its output beside the source (issue 30); from a listing, the log opens.
      const fromEditor = request.source in useRunStore.getState().savers;
      const result = await runTool(request, controller.signal);
      // A log opened before shows this run, not a cached earlier one.
      await recordRun(request, result, queryClient);
      controllerRef.current = null;
      close();
      if (!fromEditor) void navigate(`/files${encodePath(result.log)}`);
    } catch (err) {
      if (controller.signal.aborted) setError(t("editionTools.prompt.cancelled"));
      else if (!isStatusError(err, 401)) setError(errorMessage(err));
    } finally {
      if (useRunStore.getState().running?.controller === controller) {
        useRunStore.getState().setRunning(null);
      }
      setRunning(false);
    }
  };

  const cancel = () => controllerRef.current?.abort();

  return { start, cancel, running, error };
}
