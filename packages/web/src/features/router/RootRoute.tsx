import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation, useMatches } from "react-router";
import { useActionContext, useActionShortcuts } from "../../actions";
import { getGlobals } from "../../lib/globals";
import { useUser } from "../auth/auth-store";
import { PromptHost } from "../prompts";
import { Toaster } from "../toasts/Toaster";
import { guardRedirect } from "./guard";
import { resolveHandle } from "./titles";

/** Root of the route tree: guard, page title, keyboard layer, prompts and toasts. */
export function RootRoute() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const matches = useMatches();
  const user = useUser();
  const ctx = useActionContext();
  useActionShortcuts(ctx);

  const handle = resolveHandle(matches.map((match) => match.handle));
  const redirect = guardRedirect(handle.access, location, {
    loggedIn: user !== null,
    admin: Boolean(user?.perm.admin),
  });

  const title = t(handle.title);
  useEffect(() => {
    document.title = `${title} - ${getGlobals().Name}`;
  }, [title, i18n.language]);

  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <>
      <Outlet />
      <PromptHost />
      <Toaster />
    </>
  );
}
