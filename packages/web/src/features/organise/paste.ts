import type { QueryClient } from "@tanstack/react-query";
import { getClipboard } from "./clipboard-store";
import { transferItems } from "./transfer";

/**
 * Ctrl/Cmd+V: pastes the clipboard into `destination` (SPEC.md §2, §5). Copies go through the
 * conflict check (or are renamed automatically in their own folder); a cut is moved — pasting
 * it back into its own folder does nothing — and the moved items leave the clipboard, so a
 * completed cut-and-paste clears it (SPEC.md §4).
 */
export async function pasteClipboard(
  destination: string,
  queryClient: QueryClient,
  canReplace: boolean,
): Promise<void> {
  const { key, items, path } = getClipboard();
  if (!key || items.length === 0) return;
  if (key === "x" && path === destination) return;
  await transferItems({
    mode: key === "x" ? "move" : "copy",
    items,
    destination,
    queryClient,
    canReplace,
    trackId: "paste",
  });
}
