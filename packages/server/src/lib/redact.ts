/**
 * A URL with tokens hidden, so they never reach the logs: the value of any `auth` query
 * parameter and the capability of inline URLs (`/api/inline/<capability>/…`).
 */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&]auth=)[^&#]*/gi, "$1[redacted]")
    .replace(/(\/api\/inline\/)[^/?#]+/, "$1[redacted]");
}
