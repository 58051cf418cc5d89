import type { autocompletion, Completion } from "@codemirror/autocomplete";
import { ICON_PATHS } from "../../components/icon-paths";
import type { IconName } from "../../components/Icon";

/** The app's icon for each kind of completion CodeMirror knows; others get `outline`. */
const TYPE_ICONS: Record<string, IconName> = {
  // Mauro-TeX's macros.
  keyword: "toolHtml",
  // A variant's sigla: the document's witnesses.
  constant: "witnessView",
  function: "terminal",
  method: "terminal",
  variable: "key",
  property: "key",
  class: "folder",
  type: "folder",
  namespace: "folder",
  interface: "folder",
  enum: "viewList",
  text: "fileText",
};

export function completionIconName(type: string | undefined): IconName {
  // A completion may carry several space-separated types: the first known one wins.
  for (const part of (type ?? "").split(" ")) {
    const name = TYPE_ICONS[part];
    if (name) return name;
  }
  return "outline";
}

const SVG = "http://www.w3.org/2000/svg";

/**
 * The icon of a completion drawn as an SVG of the app's set (Icon.tsx's drawing), in place of
 * CodeMirror's own, which are characters many fonts lack (they showed as empty boxes).
 */
export function renderCompletionIcon(completion: Completion): Node {
  const name = completionIconName(completion.type);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "cm-app-completion-icon");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("fill", "none");
  svg.setAttribute("stroke", "currentColor");
  svg.setAttribute("stroke-width", "2");
  svg.setAttribute("stroke-linecap", "round");
  svg.setAttribute("stroke-linejoin", "round");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.dataset.icon = name;
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", ICON_PATHS[name]);
  svg.append(path);
  return svg;
}

/** `autocompletion`'s options for the icons: its own off, the app's before the label. */
type CompletionConfig = NonNullable<Parameters<typeof autocompletion>[0]>;

export const completionIcons: Pick<CompletionConfig, "icons" | "addToOptions"> = {
  icons: false,
  addToOptions: [{ render: renderCompletionIcon, position: 20 }],
};
