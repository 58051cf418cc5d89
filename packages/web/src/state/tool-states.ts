import type { ToolState, ToolStates } from "@scriptorium/shared";
import { useQuery } from "@tanstack/react-query";
import { fetchToolStates, toolStatesKey } from "../api/tools-api";
import { useUser } from "./auth-store";

/**
 * What the web knows of a tool on this server:
 * - `ready`: on and installed, offered;
 * - `missing`: its program (or a pipeline step's) is not installed: named "not installed";
 * - `off`: the admin switched it off, or it is not configured: not offered;
 * - `loading`: the states are not known yet: not offered yet;
 * - `unknown`: the states could not be read: offered as the page globals say (the server
 *   answers 501 for a missing program anyway).
 */
export type ToolAvailability = "ready" | "missing" | "off" | "loading" | "unknown";

/** The tool states as an action or a component sees them: loaded, loading, or unreadable. */
export type ToolStatesView = ToolStates | "loading" | undefined;

export function toolState(states: ToolStatesView, tool: string): ToolState | undefined {
  return typeof states === "object" ? states.tools.find((s) => s.name === tool) : undefined;
}

export function availabilityOf(states: ToolStatesView, tool: string): ToolAvailability {
  if (states === "loading") return "loading";
  if (states === undefined) return "unknown";
  const state = toolState(states, tool);
  if (!state?.enabled) return "off";
  return state.installed ? "ready" : "missing";
}

/**
 * The tool states of this server (`GET /api/mauro/tools`), fetched once per session, when first
 * needed (`wanted`: a `.tex` file is around); the global settings refetch them when the admin
 * saves the tools.
 */
export function useToolStates(wanted = true) {
  const user = useUser();
  return useQuery({
    queryKey: toolStatesKey(user?.id),
    queryFn: ({ signal }) => fetchToolStates(signal),
    enabled: user !== null && wanted,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** The states as actions see them: loading, loaded, or undefined when they could not be read. */
export function useToolStatesView(wanted = true): ToolStatesView {
  const states = useToolStates(wanted);
  if (states.data) return states.data;
  return states.isError ? undefined : "loading";
}

/** How a tool stands for this user's session. */
export function useToolAvailability(tool: string): ToolAvailability {
  return availabilityOf(useToolStatesView(), tool);
}
