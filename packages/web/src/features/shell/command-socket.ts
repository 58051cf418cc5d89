import { parseShellRefusal } from "@scriptorium/shared";
import { apiUrl } from "../../api/client";
import { encodePath } from "../../lib/paths";
import { useAuthStore } from "../../state/auth-store";
import type { CommandStatus, ShellEntry } from "../../state/shell-store";

/** The one place the shell makes sockets; component tests put a stand-in here. */
export const socketSeam: { create: (url: string) => WebSocket } = {
  create: (url) => new WebSocket(url),
};

/** The server's close codes (API.md Part B §10.2): success, refused line, failed program. */
const STATUS_BY_CODE: Record<number, CommandStatus> = {
  1000: "ok",
  1008: "refused",
  1011: "failed",
};

/**
 * ws(s)://…/api/command{folder}?auth=<token>: the base URL's path, the folder encoded as other
 * /api paths are, and the token in the query (browsers cannot set headers on a socket).
 */
export function commandUrl(folder: string, token: string, page = window.location.href): string {
  const url = new URL(apiUrl(`/api/command${encodePath(folder)}`), page);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.search = `auth=${encodeURIComponent(token)}`;
  return url.toString();
}

export interface CommandCallbacks {
  onOutput: (chunk: string) => void;
  /** How it ended; for a refusal, the rule the server named in the close reason. */
  onEnd: (status: CommandStatus, refusal?: ShellEntry["refusal"]) => void;
}

/**
 * Runs one command line in `folder` on a socket of its own: sends the line once open, passes
 * on each text message, and reports how the socket closed. The returned function stops the
 * command (closing the socket makes the server kill it).
 */
export function runCommand(folder: string, line: string, callbacks: CommandCallbacks): () => void {
  const socket = socketSeam.create(commandUrl(folder, useAuthStore.getState().jwt));
  let ended = false;
  let opened = false;
  const end = (status: CommandStatus, refusal?: ShellEntry["refusal"]) => {
    if (ended) return;
    ended = true;
    callbacks.onEnd(status, refusal);
  };
  socket.onopen = () => {
    opened = true;
    socket.send(line);
  };
  socket.onmessage = (event: MessageEvent) => {
    if (!ended && typeof event.data === "string") callbacks.onOutput(event.data);
  };
  // A socket refused at the upgrade (no permission, feature off, server gone) never opens.
  socket.onclose = (event: CloseEvent) => {
    const status = opened ? (STATUS_BY_CODE[event.code] ?? "lost") : "unreachable";
    end(status, status === "refused" ? parseShellRefusal(event.reason ?? "") : undefined);
  };
  return () => {
    end("stopped");
    socket.close();
  };
}
