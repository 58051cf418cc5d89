import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useLocation, useNavigate } from "react-router";
import { useUser } from "../features/auth/auth-store";
import { useCurrentResourceStore } from "../features/files/current-resource";
import { showPrompt } from "../features/prompts";
import {
  useMultipleMode,
  useSelectedCount,
  useSelectionStore,
} from "../features/selection/selection-store";
import { useShellStore } from "../features/shell/shell-store";
import { getGlobals } from "../lib/globals";
import type { ActionContext } from "./types";

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
    }),
    [user, pathname, navigate, current, selectedCount, selected, multiple, shellOpen, queryClient],
  );
}
