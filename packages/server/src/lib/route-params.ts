import { badRequest } from "../errors.js";

/** The query of PATCH /api/resources{path} (API.md §2.9). */
export interface PatchQuery {
  action?: string;
  destination?: string;
  override?: string;
  rename?: string;
  /** `mauro:*` actions: the tool's options, encoded twice. */
  commandline?: string;
}

/** The destination arrives encoded twice (API.md §2.9): decode the second layer here. */
export function decodeDestination(raw: string | undefined): string {
  if (!raw) throw badRequest("The destination is missing");
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    throw badRequest("The destination is not a valid encoded path");
  }
}

/** The user path of a wildcard route (`/api/raw/*` → "/a/b.txt"), as decoded once by Fastify. */
export function wildcardPath(params: unknown): string {
  return "/" + ((params as { "*"?: string })["*"] ?? "");
}
