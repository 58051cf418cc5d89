import { fileUrls } from "../../api/resource-api";

/** What the output pane can show of a file. */
export type OutputKind = "html" | "pdf";

export function outputKind(path: string): OutputKind | null {
  if (/\.html?$/i.test(path)) return "html";
  if (/\.pdf$/i.test(path)) return "pdf";
  return null;
}

/**
 * The pane's address of an output: HTML through the sandboxed inline view (API.md Part A §11),
 * a PDF as raw bytes shown inline. `version` (the run's time) makes every compile load anew.
 */
export function outputUrl(path: string, kind: OutputKind, version: number): string {
  return kind === "html"
    ? `${fileUrls.inline(path)}?v=${version}`
    : `${fileUrls.raw(path, true)}&v=${version}`;
}
