import type { ParseKeys } from "i18next";
import type { Access } from "./route-guard";

/** What a route declares in its `handle`: who may open it and its page title. */
export interface RouteHandle {
  access?: Access;
  title?: ParseKeys;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === "object" && value !== null;
}

/** The deepest route's declaration wins for each field. */
export function resolveHandle(handles: readonly unknown[]): Required<RouteHandle> {
  let access: Access = "public";
  let title: ParseKeys | undefined;
  for (const handle of handles) {
    if (!isRouteHandle(handle)) continue;
    if (handle.access) access = handle.access;
    if (handle.title) title = handle.title;
  }
  return { access, title: title ?? "pageTitles.files" };
}
