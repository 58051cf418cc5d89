/** The user path of a wildcard route (`/api/raw/*` → "/a/b.txt"), as decoded once by Fastify. */
export function wildcardPath(params: unknown): string {
  return "/" + ((params as { "*"?: string })["*"] ?? "");
}
