import { isTexFile } from "@scriptorium/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useLocation, useNavigate } from "react-router";
import { useUser } from "../state/auth-store";
import { useCurrentResourceStore, type CurrentResource } from "../state/current-resource";
import { showPrompt } from "../prompts";
import { useMultipleMode, useSelectedCount, useSelectionStore } from "../state/selection-store";
import { useShellStore } from "../state/shell-store";
import { getGlobals } from "../lib/globals";
import { useToolStatesView } from "../state/tool-states";
import type { ActionContext } from "./types";

/** The file shown is a `.tex` file, or the listing shown holds one. */
function holdsTexFile(current: CurrentResource | null): boolean {
  if (!current) return false;
  const { resource } = current;
  if (!resource.isDir) return isTexFile(resource.name);
  return (resource.items ?? []).some((item) => !item.isDir && isTexFile(item.name));
}

export function useActionContext(): ActionContext {
  const user = useUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = useCurrentResourceStore((state) => state.current);
  const selectedCount = useSelectedCount();
  const selected = useSelectionStore((state) => state.selected);
  const multiple = useMultipleMode();
  const shellOpen = useShellStore((state) => state.open);
  const queryClient = useQueryClient();
  // The tool states are read once a `.tex` file is around (a tool action may be offered).
  const toolStates = useToolStatesView(holdsTexFile(current));
  return useMemo(
    () => ({
      user,
      globals: getGlobals(),
      pathname,
      navigate: (to: string) => void navigate(to),
      showPrompt,
      current,
      selectedCount,
      selected,
      multiple,
      shellOpen,
      queryClient,
      toolStates,
    }),
    [
      user,
      pathname,
      navigate,
      current,
      selectedCount,
      selected,
      multiple,
      shellOpen,
      queryClient,
      toolStates,
    ],
  );
}
