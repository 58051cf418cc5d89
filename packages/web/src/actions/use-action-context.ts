import { useMemo } from "react";
import { useLocation, useNavigate } from "react-router";
import { useUser } from "../features/auth/auth-store";
import { showPrompt } from "../features/prompts/prompt-store";
import { getGlobals } from "../lib/globals";
import type { ActionContext } from "./types";

export function useActionContext(): ActionContext {
  const user = useUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return useMemo(
    () => ({
      user,
      globals: getGlobals(),
      pathname,
      navigate: (to: string) => void navigate(to),
      showPrompt,
    }),
    [user, pathname, navigate],
  );
}
