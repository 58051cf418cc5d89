const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * File Browser's natural order (API.md §2.5): case-insensitive, runs of digits compared as
 * numbers (leading zeros ignored; on a tie fewer zeros first), a digit before any other
 * character, and a prefix before the longer name.
 */
export function naturalCompare(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const cx = x.charCodeAt(i);
    const cy = y.charCodeAt(j);
    if (isDigit(cx) && isDigit(cy)) {
      let ei = i;
      while (ei < x.length && isDigit(x.charCodeAt(ei))) ei++;
      let ej = j;
      while (ej < y.length && isDigit(y.charCodeAt(ej))) ej++;
      const rx = x.slice(i, ei);
      const ry = y.slice(j, ej);
      const nx = rx.replace(/^0+/, "");
      const ny = ry.replace(/^0+/, "");
      if (nx.length !== ny.length) return nx.length - ny.length;
      if (nx !== ny) return nx < ny ? -1 : 1;
      if (rx.length !== ry.length) return rx.length - ry.length;
      i = ei;
      j = ej;
      continue;
    }
    if (cx !== cy) {
      if (isDigit(cx)) return -1;
      if (isDigit(cy)) return 1;
      return cx - cy;
    }
    i++;
    j++;
  }
  return x.length - i - (y.length - j);
}
