import type { Extension } from "@codemirror/state";
import { workerChecker } from "./check-client";
import { liveCheck } from "./live-check";
import { siglumGoTo } from "./siglum-goto";

/**
 * The live Mauro-TeX checker in the editor: marks, outline, go-to from a siglum. Nothing when
 * the browser cannot run a worker (the check never runs on the main thread).
 */
export function mauroChecking(): Extension {
  const checker = workerChecker();
  return checker ? [liveCheck(checker), siglumGoTo] : [];
}
