import { HighlightStyle } from "@codemirror/language";
import { tags as t, type Tag } from "@lezer/highlight";

/** The colours of the syntax highlighting, one per kind of token. */
export interface SyntaxPalette {
  keyword: string;
  atom: string;
  literal: string;
  string: string;
  escape: string;
  definition: string;
  local: string;
  type: string;
  className: string;
  macro: string;
  property: string;
  comment: string;
  invalid: string;
  meta: string;
  operator: string;
}

/**
 * Every colour reaches 4.5:1 (WCAG 1.4.3) on the editor's background and on the line being
 * edited, in its theme: CodeMirror's own palettes miss it (#085 on the light active line,
 * the dark comments), see highlight-palettes.test.ts.
 */
export const LIGHT_SYNTAX: SyntaxPalette = {
  keyword: "#7a1b9e",
  atom: "#221199",
  literal: "#116644",
  string: "#a11111",
  escape: "#ad3000",
  definition: "#0000e6",
  local: "#3300aa",
  type: "#006640",
  className: "#0f5f6e",
  macro: "#225566",
  property: "#0000cc",
  comment: "#8a3d00",
  invalid: "#c00000",
  meta: "#404740",
  operator: "#3d4451",
};

export const DARK_SYNTAX: SyntaxPalette = {
  keyword: "#d49be8",
  atom: "#dba474",
  literal: "#e5c07b",
  string: "#a5cf87",
  escape: "#6cc3cf",
  definition: "#c4cad4",
  local: "#ef9aa0",
  type: "#e5c07b",
  className: "#e5c07b",
  macro: "#ef9aa0",
  property: "#ef9aa0",
  comment: "#a0a8b7",
  invalid: "#ff8a8a",
  meta: "#a0a8b7",
  operator: "#6cc3cf",
};

const GROUPS: Record<keyof SyntaxPalette, Tag[]> = {
  keyword: [t.keyword, t.operatorKeyword, t.modifier],
  atom: [t.atom, t.bool, t.url, t.contentSeparator, t.labelName, t.special(t.variableName)],
  literal: [t.literal, t.number, t.inserted, t.changed],
  string: [t.string, t.deleted, t.processingInstruction, t.character],
  escape: [t.regexp, t.escape, t.special(t.string)],
  definition: [t.definition(t.variableName), t.definition(t.name), t.separator],
  local: [t.local(t.variableName)],
  type: [t.typeName, t.namespace, t.annotation, t.self],
  className: [t.className],
  macro: [t.macroName, t.name, t.tagName, t.attributeName, t.heading],
  property: [t.propertyName, t.definition(t.propertyName)],
  comment: [t.comment, t.lineComment, t.blockComment, t.docComment],
  invalid: [t.invalid],
  meta: [t.meta, t.link],
  operator: [t.operator, t.punctuation, t.bracket],
};

/** A CodeMirror highlight style painting the tags of each group in the palette's colour. */
export function highlightStyle(palette: SyntaxPalette): HighlightStyle {
  return HighlightStyle.define([
    ...Object.entries(GROUPS).map(([group, tags]) => ({
      tag: tags,
      color: palette[group as keyof SyntaxPalette],
    })),
    { tag: t.heading, fontWeight: "bold", textDecoration: "underline" },
    { tag: t.link, textDecoration: "underline" },
    { tag: t.emphasis, fontStyle: "italic" },
    { tag: t.strong, fontWeight: "bold" },
    { tag: t.strikethrough, textDecoration: "line-through" },
  ]);
}

export const lightHighlightStyle = highlightStyle(LIGHT_SYNTAX);
export const darkHighlightStyle = highlightStyle(DARK_SYNTAX);
