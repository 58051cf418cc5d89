import type { Extension } from "@codemirror/state";
import type { LanguageId } from "./languages";

/**
 * The CodeMirror support of a language. Each language is its own chunk, fetched the first time
 * a file of that kind is opened; plain text needs nothing.
 */
export async function loadLanguage(id: LanguageId): Promise<Extension> {
  switch (id) {
    case "maurotex":
      return (await import("./mauro-language")).mauroTex();
    case "latex": {
      const [{ StreamLanguage }, { stex }] = await Promise.all([
        import("@codemirror/language"),
        import("@codemirror/legacy-modes/mode/stex"),
      ]);
      return StreamLanguage.define(stex);
    }
    case "javascript":
    case "jsx":
    case "typescript":
    case "tsx": {
      const { javascript } = await import("@codemirror/lang-javascript");
      return javascript({
        jsx: id === "jsx" || id === "tsx",
        typescript: id === "typescript" || id === "tsx",
      });
    }
    case "json":
      return (await import("@codemirror/lang-json")).json();
    case "html":
      return (await import("@codemirror/lang-html")).html();
    case "css":
      return (await import("@codemirror/lang-css")).css();
    case "markdown":
      return (await import("@codemirror/lang-markdown")).markdown();
    case "xml":
      return (await import("@codemirror/lang-xml")).xml();
    case "python":
      return (await import("@codemirror/lang-python")).python();
    case "plain":
      return [];
  }
}
