// The files m2hv writes for `<stem>.tex`. The same names as witnessViewPage in
// packages/shared/src/lib/maurotex.ts (this file cannot import TypeScript; a test checks both).

/** The witness views and the option that makes each. */
export const VIEW_OPTIONS = {
  text: "-t",
  singular: "-s",
  omissions: "-o",
  discordances: "-e",
  groups: "-c",
};

/** First page of a witness view: `-t W` → `<stem>-W-1.htm`, `-s W` → `<stem>-1-W-s.htm` … */
export function witnessViewPage(stem, view, siglum) {
  switch (view) {
    case "text":
      return `${stem}-${siglum}-1.htm`;
    case "singular":
      return `${stem}-1-${siglum}-s.htm`;
    case "omissions":
      return `${stem}-1-${siglum}-o.htm`;
    case "discordances":
      return `${stem}-1-${siglum}-e.htm`;
    case "groups":
      return `${stem}-1d.htm`;
    default:
      throw new Error(`unknown view ${view}`);
  }
}

/** The pages every full m2hv run writes (the text page depends on `-t`). */
export function m2hvPages(stem, witness) {
  return {
    text: witness ? witnessViewPage(stem, "text", witness) : `${stem}-1.htm`,
    variants: witness ? `${stem}-${witness}-1v.htm` : `${stem}-1v.htm`,
    frame: `${stem}-1f.htm`,
    adnotationes: `${stem}-1a.htm`,
    comments: `${stem}-1z.htm`,
    citations: `${stem}-1c.htm`,
    index: `${stem}-ind.htm`,
  };
}
