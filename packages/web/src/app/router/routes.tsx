import { createBrowserRouter, Navigate, useLocation, type RouteObject } from "react-router";
import { LoginPage } from "../../features/auth/LoginPage";
import { ErrorView } from "../../components/ErrorView";
import { RouteError } from "./RouteError";
import { RootRoute } from "./RootRoute";
import type { RouteHandle } from "../../lib/route-titles";

/** Any other path goes to the same path under /files/ (SPEC.md §2). */
function RedirectToFiles() {
  const { pathname, search } = useLocation();
  return <Navigate to={`/files${pathname}${search}`} replace />;
}

const handle = (h: RouteHandle) => h;

/*
 * Every page but login comes in a chunk of its own, loaded when its route is first matched:
 * the login form needs none of them (bench: "JavaScript before the login form is usable").
 * The frame of the signed-in pages brings the header's actions and the dialogs with it.
 */
const lazyLayout = async () => {
  const [{ Layout }] = await Promise.all([
    import("../layout/Layout"),
    import("../register-actions"),
    import("../register-prompts"),
  ]);
  return { Component: Layout };
};

const lazyFiles = async () => {
  // The page and what fills its slots (app/file-views.tsx), in one chunk.
  const [{ FilesPage }] = await Promise.all([
    import("../../features/files/FilesPage"),
    import("../file-views"),
  ]);
  return { Component: FilesPage };
};

/**
 * Starts loading the files page's chunks (and the frame's) at once: for a folder opened by its
 * URL with a stored session, while the session is renewed, instead of after it (a module is
 * loaded once; the router's own import then finds it).
 */
export function preloadFilesRoute(): void {
  void lazyLayout().catch(() => undefined);
  void lazyFiles().catch(() => undefined);
}

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
        lazy: lazyLayout,
        children: [
          {
            path: "files/*",
            lazy: lazyFiles,
            handle: handle({ access: "user", title: "pageTitles.files" }),
          },
          {
            path: "trash",
            lazy: async () => ({
              Component: (await import("../../features/trash/TrashPage")).TrashPage,
            }),
            handle: handle({ access: "user", title: "pageTitles.trash" }),
          },
          {
            path: "share/*",
            lazy: async () => {
              const [{ SharePage }] = await Promise.all([
                import("../../features/share/SharePage"),
                import("../share-views"),
              ]);
              return { Component: SharePage };
            },
            handle: handle({ access: "public", title: "pageTitles.share" }),
          },
          {
            path: "settings",
            lazy: async () => ({
              Component: (await import("../../features/settings/SettingsLayout")).SettingsLayout,
            }),
            handle: handle({ access: "user", title: "pageTitles.settings" }),
            children: [
              { index: true, element: <Navigate to="/settings/profile" replace /> },
              {
                path: "profile",
                lazy: async () => ({
                  Component: (await import("../../features/settings/ProfilePage")).ProfilePage,
                }),
                handle: handle({ title: "pageTitles.profile" }),
              },
              {
                path: "shares",
                lazy: async () => ({
                  Component: (await import("../../features/settings/shares/SharesPage")).SharesPage,
                }),
                handle: handle({ title: "pageTitles.shares" }),
              },
              {
                // One section per page (issue 31): /settings/global/branding, …/tools, …
                path: "global",
                handle: handle({ access: "admin", title: "pageTitles.global" }),
                children: [
                  { index: true, element: <Navigate to="/settings/global/general" replace /> },
                  {
                    path: ":section",
                    lazy: async () => ({
                      Component: (await import("../../features/settings/global/GlobalSettingsPage"))
                        .GlobalSettingsPage,
                    }),
                  },
                ],
              },
              {
                path: "users",
                lazy: async () => ({
                  Component: (await import("../../features/settings/users/UsersPage")).UsersPage,
                }),
                handle: handle({ access: "admin", title: "pageTitles.users" }),
              },
              {
                path: "activity",
                lazy: async () => ({
                  Component: (await import("../../features/settings/audit/AuditPage")).AuditPage,
                }),
                handle: handle({ access: "admin", title: "pageTitles.audit" }),
              },
              {
                path: "users/:id",
                lazy: async () => ({
                  Component: (await import("../../features/settings/users/UserFormPage"))
                    .UserFormPage,
                }),
                handle: handle({ access: "admin", title: "pageTitles.user" }),
              },
            ],
          },
          {
            path: "api-reference",
            lazy: async () => ({
              Component: (await import("../../features/api-reference/ApiReferencePage"))
                .ApiReferencePage,
            }),
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
