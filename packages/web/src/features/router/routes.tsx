import { createBrowserRouter, Navigate, useLocation, type RouteObject } from "react-router";
import { ApiReferencePage } from "../api-reference/ApiReferencePage";
import { LoginPage } from "../auth/LoginPage";
import { ErrorView } from "../errors/ErrorView";
import { RouteError } from "../errors/RouteError";
import { FilesPage } from "../files/FilesPage";
import { Layout } from "../layout/Layout";
import { GlobalSettingsPage } from "../settings/global/GlobalSettingsPage";
import { ProfilePage } from "../settings/ProfilePage";
import { SettingsLayout } from "../settings/SettingsLayout";
import { SharesPage } from "../settings/shares/SharesPage";
import { UserFormPage } from "../settings/users/UserFormPage";
import { UsersPage } from "../settings/users/UsersPage";
import { SharePage } from "../share/SharePage";
import { RootRoute } from "./RootRoute";
import type { RouteHandle } from "./titles";

/** Any other path goes to the same path under /files/ (SPEC.md §2). */
function RedirectToFiles() {
  const { pathname, search } = useLocation();
  return <Navigate to={`/files${pathname}${search}`} replace />;
}

const handle = (h: RouteHandle) => h;

/** The route table of SPEC.md §2; access and title live in each route's handle. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteError />,
    children: [
      {
        path: "login",
        element: <LoginPage />,
        handle: handle({ access: "guest", title: "pageTitles.login" }),
      },
      {
        element: <Layout />,
        children: [
          {
            path: "files/*",
            element: <FilesPage />,
            handle: handle({ access: "user", title: "pageTitles.files" }),
          },
          {
            path: "share/*",
            element: <SharePage />,
            handle: handle({ access: "public", title: "pageTitles.share" }),
          },
          {
            path: "settings",
            element: <SettingsLayout />,
            handle: handle({ access: "user", title: "pageTitles.settings" }),
            children: [
              { index: true, element: <Navigate to="/settings/profile" replace /> },
              {
                path: "profile",
                element: <ProfilePage />,
                handle: handle({ title: "pageTitles.profile" }),
              },
              {
                path: "shares",
                element: <SharesPage />,
                handle: handle({ title: "pageTitles.shares" }),
              },
              {
                path: "global",
                element: <GlobalSettingsPage />,
                handle: handle({ access: "admin", title: "pageTitles.global" }),
              },
              {
                path: "users",
                element: <UsersPage />,
                handle: handle({ access: "admin", title: "pageTitles.users" }),
              },
              {
                path: "users/:id",
                element: <UserFormPage />,
                handle: handle({ access: "admin", title: "pageTitles.user" }),
              },
            ],
          },
          {
            path: "api-reference",
            element: <ApiReferencePage />,
            handle: handle({ access: "public", title: "pageTitles.apiReference" }),
          },
          {
            path: "403",
            element: <ErrorView code={403} />,
            handle: handle({ access: "public", title: "pageTitles.forbidden" }),
          },
          {
            path: "404",
            element: <ErrorView code={404} />,
            handle: handle({ access: "public", title: "pageTitles.notFound" }),
          },
          {
            path: "500",
            element: <ErrorView code={500} />,
            handle: handle({ access: "public", title: "pageTitles.internal" }),
          },
        ],
      },
      { path: "*", element: <RedirectToFiles />, handle: handle({ access: "public" }) },
    ],
  },
];

export function createAppRouter(basename: string) {
  return createBrowserRouter(appRoutes, { basename: basename || "/" });
}
