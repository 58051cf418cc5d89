import { useCallback, useEffect, useRef, useState } from "react";
import { createAnsiStripper } from "./ansi";
import { runCommand } from "./command-socket";
import {
  appendOutput,
  clearShell,
  closeShell,
  finishEntry,
  startEntry,
} from "../../state/shell-store";

/** Typed words the panel handles itself and never sends (SPEC.md §4). */
const LOCAL_COMMANDS: Record<string, () => void> = { clear: clearShell, exit: closeShell };

/**
 * Runs typed lines: `clear` and `exit` here, anything else on the server, one at a time. The
 * command still running when the panel goes away is stopped.
 */
export function useShellRunner(folder: string) {
  const [running, setRunning] = useState(false);
  const stopRef = useRef<(() => void) | null>(null);

  useEffect(() => () => stopRef.current?.(), []);

  const run = useCallback(
    (typed: string) => {
      const line = typed.trim();
      if (line === "" || stopRef.current) return;
      const local = LOCAL_COMMANDS[line];
      if (local) {
        local();
        return;
      }
      const id = startEntry(folder, line);
      const stripper = createAnsiStripper();
      setRunning(true);
      stopRef.current = runCommand(folder, line, {
        onOutput: (chunk) => appendOutput(id, stripper.push(chunk)),
        onEnd: (status, refusal) => {
          appendOutput(id, stripper.end());
          finishEntry(id, status, refusal);
          stopRef.current = null;
          setRunning(false);
        },
      });
    },
    [folder],
  );

  const stop = useCallback(() => stopRef.current?.(), []);

  return { running, run, stop };
}
