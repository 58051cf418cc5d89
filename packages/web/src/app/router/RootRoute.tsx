import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, Outlet, useLocation, useMatches } from "react-router";
import { useGlobals } from "../../lib/globals";
import { useUser } from "../../state/auth-store";
import { Toaster } from "../../features/toasts/Toaster";
import { guardRedirect } from "../../lib/route-guard";
import { resolveHandle } from "../../lib/route-titles";

/** Root of the route tree: guard, page title and toasts (Layout brings keys and dialogs). */
export function RootRoute() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const matches = useMatches();
  const user = useUser();

  const handle = resolveHandle(matches.map((match) => match.handle));
  const redirect = guardRedirect(handle.access, location, {
    loggedIn: user !== null,
    admin: Boolean(user?.perm.admin),
  });

  // After a move within the app, a focus left on nothing (its element went with the old page)
  // goes to the new page's content, so that Tab carries on from there (WCAG 2.4.3).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const active = document.activeElement;
    if (active && active !== document.body) return;
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [location.pathname]);

  const title = t(handle.title);
  // The product name follows a saved branding at once (issue 31).
  const { Name } = useGlobals();
  useEffect(() => {
    document.title = `${title} - ${Name}`;
  }, [title, Name, i18n.language]);

  if (redirect) return <Navigate to={redirect} replace />;
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}
