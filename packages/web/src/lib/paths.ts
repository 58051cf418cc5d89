/** Percent-encodes every segment of a slash-separated path, keeping the slashes. */
export function encodePath(path: string): string {
  return path
    .split("/")
    .map((segment) => encodeURIComponent(segment))
    .join("/");
}

/** Decodes a path taken from the router location; malformed escapes are kept as they are. */
export function decodePath(path: string): string {
  return path
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join("/");
}

/**
 * Only same-app paths are accepted as a post-login target, so a crafted link cannot send the
 * user to another site ("//evil.example" or "https://…").
 */
export function safeRedirectTarget(value: string | null | undefined, fallback = "/files/"): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return fallback;
  }
  return value;
}
