/** A URL with the value of any `auth` query parameter hidden: tokens never reach the logs. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]auth=)[^&#]*/gi, "$1[redacted]");
}
