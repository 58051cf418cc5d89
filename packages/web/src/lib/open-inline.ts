/**
 * SPEC.md §5: "Open inline" is offered only for .html and .htm files, in any letter case
 * (not .xhtml, .shtml or .html.bak). `extensionOrName` is the resource's extension (".HTML")
 * or a file name.
 */
export function opensInline(extensionOrName: string): boolean {
  return /\.html?$/i.test(extensionOrName);
}
