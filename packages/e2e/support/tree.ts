import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { REPO } from "./server.js";

/** The Mauro-TeX sample documents shipped beside the repository (shared/fixtures). */
export const FIXTURES = path.join(REPO, "..", "shared", "fixtures", "maurotex");

/** A small, valid one-page PDF written by hand (no generator needed). */
function minimalPdf(title: string): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    null,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>",
  ];
  const stream = `BT /F1 18 Tf 30 100 Td (${title}) Tj ET`;
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** A manuscript-like page: parchment background with a folio label. */
function folio(label: string, width: number, height: number, hue: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${hue}"/>
    <rect x="6%" y="6%" width="88%" height="88%" fill="none" stroke="#7a5c3a" stroke-width="4"/>
    <text x="50%" y="50%" font-size="${Math.round(height / 8)}" text-anchor="middle" fill="#4a3520" font-family="serif">${label}</text>
  </svg>`;
  return sharp(Buffer.from(svg));
}

/**
 * The e2e file tree: the edition's transcriptions, manuscript images, a printed edition as
 * PDF, nested letters for breadcrumbs and a folder of 20,000 entries.
 */
export async function buildTree(root: string): Promise<void> {
  const base = path.join(root, "Maurolico");
  const dirs = ["Opuscula", "Manoscritti", "Stampe", "Lettere/1560/Messina/Ottobre", "Registro"];
  for (const dir of dirs) mkdirSync(path.join(base, dir), { recursive: true });
  for (const name of readdirSync(FIXTURES).filter((n) => n.endsWith(".tex"))) {
    copyFileSync(path.join(FIXTURES, name), path.join(base, "Opuscula", name));
  }
  const pages: [string, string, string][] = [
    ["folio-001r.jpg", "f. 1r", "#efe3c8"],
    ["folio-001v.jpg", "f. 1v", "#eadcbc"],
    ["folio-002r.png", "f. 2r", "#f2e8d2"],
  ];
  for (const [name, label, hue] of pages) {
    const image = folio(label, 900, 1200, hue);
    await (name.endsWith(".png") ? image.png() : image.jpeg({ quality: 80 })).toFile(
      path.join(base, "Manoscritti", name),
    );
  }
  writeFileSync(
    path.join(base, "Stampe", "Opuscula-1575.pdf"),
    minimalPdf("Opuscula mathematica, 1575"),
  );
  writeFileSync(
    path.join(base, "Lettere", "1560", "Messina", "Ottobre", "lettera.tex"),
    "\\Unit Lettera\n",
  );
  const registro = path.join(base, "Registro");
  for (let i = 1; i <= 20_000; i++) {
    writeFileSync(path.join(registro, `voce-${String(i).padStart(5, "0")}.txt`), "");
  }
}
