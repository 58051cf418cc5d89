import { gzipSync } from "node:zlib";

/**
 * A small `.synctex.gz` in pdflatex's format: one page, one line of text per input, input i
 * (from 0) at line 1, its glue at about (137, 135 + 20·i) in PDF points.
 */
export function synctexOf(inputs: readonly string[]): Buffer {
  const lines = [
    "SyncTeX Version:1",
    ...inputs.map((p, i) => `Input:${i + 1}:${p}`),
    "Output:pdf",
    "Magnification:1000",
    "Unit:1",
    "X Offset:0",
    "Y Offset:0",
    "Content:",
    "{1",
    "[1,1:4736286,46220574:26673152,41484288,0",
  ];
  inputs.forEach((_, i) => {
    const y = 8865054 + i * 1310720;
    lines.push(`(${i + 1},1:8799518,${y}:22609920,655359,183500`);
    lines.push(`g${i + 1},1:9000000,${y}`, `x${i + 1},1:10000000,${y}`, ")");
  });
  lines.push("]", "}1", "Postamble:", "Count:1", "Post scriptum:", "");
  return gzipSync(lines.join("\n"));
}

/** The query of a place on input i's line (see `synctexOf`). */
export const onLine = (i: number) => `page=1&x=137&y=${135 + 20 * i}`;
