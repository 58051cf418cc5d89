import type { ShellRefusalCode } from "@scriptorium/shared";
import { create } from "zustand";
import { useAuthStore } from "./auth-store";

/** How a command ended (the close code of its socket, API.md Part B §10.2). */
export type CommandStatus =
  "running" | "ok" | "failed" | "refused" | "lost" | "unreachable" | "stopped";

/** One command typed in the shell and what it printed. */
export interface ShellEntry {
  id: number;
  folder: string;
  command: string;
  output: string;
  status: CommandStatus;
  /** Which rule refused it, when the server said (the close reason, issue 31). */
  refusal?: { code: ShellRefusalCode; detail: string };
}

interface ShellState {
  open: boolean;
  entries: ShellEntry[];
  /** Commands sent, oldest first (the arrow keys walk it). */
  history: string[];
}

/** The most output kept per command; older text is dropped from the start. */
export const MAX_OUTPUT_CHARS = 512 * 1024;
const MAX_HISTORY = 200;

export const useShellStore = create<ShellState>()(() => ({
  open: false,
  entries: [],
  history: [],
}));

export const toggleShell = () => useShellStore.setState((state) => ({ open: !state.open }));
export const closeShell = () => useShellStore.setState({ open: false });
export const clearShell = () => useShellStore.setState({ entries: [] });

let nextId = 1;

/** Records a command about to run and returns its id. */
export function startEntry(folder: string, command: string): number {
  const id = nextId++;
  useShellStore.setState((state) => ({
    entries: [...state.entries, { id, folder, command, output: "", status: "running" }],
    history: [...state.history.filter((line) => line !== command), command].slice(-MAX_HISTORY),
  }));
  return id;
}

function patchEntry(id: number, patch: (entry: ShellEntry) => Partial<ShellEntry>): void {
  useShellStore.setState((state) => ({
    entries: state.entries.map((entry) =>
      entry.id === id ? { ...entry, ...patch(entry) } : entry,
    ),
  }));
}

export function appendOutput(id: number, text: string): void {
  if (text === "") return;
  patchEntry(id, (entry) => ({ output: (entry.output + text).slice(-MAX_OUTPUT_CHARS) }));
}

export function finishEntry(
  id: number,
  status: CommandStatus,
  refusal?: ShellEntry["refusal"],
): void {
  patchEntry(id, () => ({ status, ...(refusal && { refusal }) }));
}

/** Another user's session must not see this one's commands. */
useAuthStore.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) {
    useShellStore.setState({ open: false, entries: [], history: [] });
  }
});
