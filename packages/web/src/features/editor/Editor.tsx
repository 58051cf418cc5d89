import type { Resource } from "@scriptorium/shared";

/** The text editor of a file (placeholder; filled in shortly). */
export function Editor({ resource }: { resource: Resource }) {
  return <div data-testid="editor">{resource.name}</div>;
}
