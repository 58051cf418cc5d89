import type { Resource } from "@scriptorium/shared";
import { requestTokenRenewal } from "./client";
import { readListingHead } from "./early-listing";

/** What index.html's inline script started for the page's own path, before the bundle ran. */
export interface EarlyFetch {
  /** The decoded path under /files ("/some/folder/"). */
  path: string;
  /** Date.now() when it started. */
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __scriptoriumPrefetch?: EarlyFetch;
  }
}

/** An answer older than this is not used: the app asks again. */
const FRESH_MS = 10_000;

/**
 * The resource of `path` as the page's early request got it, once: undefined when there was
 * none for this path, it is old, or it did not succeed (the caller then asks as usual, and
 * its errors, a 401 included, are handled there).
 */
export async function takeEarlyResource(path: string): Promise<Resource | undefined> {
  const early = window.__scriptoriumPrefetch;
  if (!early || early.path !== path) return undefined;
  window.__scriptoriumPrefetch = undefined;
  if (Date.now() - early.at > FRESH_MS) return undefined;
  try {
    const res = await early.response;
    if (!res.ok || !(res.headers.get("content-type") ?? "").includes("json")) return undefined;
    if (res.headers.get("X-Renew-Token") === "true") void requestTokenRenewal();
    // A folder's first rows go on screen from the start of its answer (early-listing.ts).
    if (path.endsWith("/")) void readListingHead(path, res.clone());
    return (await res.json()) as Resource;
  } catch {
    return undefined;
  }
}
