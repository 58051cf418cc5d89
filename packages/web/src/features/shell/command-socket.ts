import { apiUrl } from "../../api/client";
import { encodePath } from "../../lib/paths";
import { useAuthStore } from "../../state/auth-store";
import type { CommandStatus } from "../../state/shell-store";

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
  onEnd: (status: CommandStatus) => void;
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
  const end = (status: CommandStatus) => {
    if (ended) return;
    ended = true;
    callbacks.onEnd(status);
  };
  socket.onopen = () => {
    opened = true;
    socket.send(line);
  };
  socket.onmessage = (event: MessageEvent) => {
    if (!ended && typeof event.data === "string") callbacks.onOutput(event.data);
  };
  // A socket refused at the upgrade (no permission, feature off, server gone) never opens.
  socket.onclose = (event: CloseEvent) =>
    end(opened ? (STATUS_BY_CODE[event.code] ?? "lost") : "unreachable");
  return () => {
    end("stopped");
    socket.close();
  };
}
