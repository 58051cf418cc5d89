// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * True when `text` holds a control character: C0 (NUL, tab, newline…), DEL, C1, or the Unicode
 * line and paragraph separators. Names, scopes, paths in settings and addresses refuse them: they
 * break log lines, headers and the listings that show them, and NUL ends a path for the kernel.
 */
export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}
