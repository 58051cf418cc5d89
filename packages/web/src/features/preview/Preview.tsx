import type { Resource } from "@scriptorium/shared";

/** The preview of a non-text file (placeholder; filled in shortly). */
export function Preview({ resource }: { resource: Resource }) {
  return <div data-testid="preview">{resource.name}</div>;
}
