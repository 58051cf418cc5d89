/**
 * Puts `text` on the system clipboard: the Clipboard API first (secure contexts only), then a
 * hidden textarea with execCommand("copy") for plain-http servers and older browsers. Resolves
 * false when neither worked, so the caller can show the text to copy by hand (SPEC.md §8).
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or unavailable: try the old way.
  }
  return copyWithTextarea(text);
}

function copyWithTextarea(text: string): boolean {
  // An open modal dialog makes the rest of the page inert: the textarea must sit inside it.
  const host = document.querySelector("dialog[open]") ?? document.body;
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.insetBlockStart = "0";
  area.style.opacity = "0";
  host.appendChild(area);
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  try {
    area.select();
    return typeof document.execCommand === "function" && document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus({ preventScroll: true });
  }
}
