/*
 * External links of the product. Replace these two constants when Scriptorium's public
 * repository is published; they are only shown when DisableExternal is false.
 */

/** Project site linked from the sidebar version label and the help dialog. */
export const PROJECT_URL = "https://github.com/scriptorium-edition/scriptorium";

/**
 * Where the "Report issue" button of an error toast leads: the administrator's address
 * (Settings → Global → Branding), with the error filled in for a mailto: address. Null when
 * none is set: there is then no button, rather than one leading to a made-up address.
 */
export function reportIssueHref(configured: string | undefined, message: string): string | null {
  const address = (configured ?? "").trim();
  if (address === "") return null;
  if (!address.toLowerCase().startsWith("mailto:")) return address;
  const page = typeof window === "undefined" ? "" : window.location.href;
  const body = `${message}\n\n${page}\n${typeof navigator === "undefined" ? "" : navigator.userAgent}`;
  const separator = address.includes("?") ? "&" : "?";
  return `${address}${separator}subject=${encodeURIComponent(message.slice(0, 120))}&body=${encodeURIComponent(body)}`;
}

/** Product name shown beside the version in the sidebar (API.md §11.3). */
export const PRODUCT_LABEL = "Scriptorium";
