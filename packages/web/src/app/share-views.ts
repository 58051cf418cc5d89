import { LazyReadOnlyCode } from "../features/editor/LazyReadOnlyCode";
import { textViewSlot } from "../slots/text-view";

/*
 * The composition of the public share page: its text previews are the editor's read-only
 * highlighted view, loaded on first use. Loaded with the page's chunk (routes.tsx).
 */
textViewSlot.fill(LazyReadOnlyCode);
