// Types of names.mjs for the TypeScript tests.

export type View = "text" | "singular" | "omissions" | "discordances" | "groups";
export declare const VIEW_OPTIONS: Record<View, string>;
export declare function witnessViewPage(stem: string, view: View, siglum: string): string;
export declare function m2hvPages(
  stem: string,
  witness?: string,
): {
  text: string;
  variants: string;
  frame: string;
  adnotationes: string;
  comments: string;
  citations: string;
  index: string;
};
