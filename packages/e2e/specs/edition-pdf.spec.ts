import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { expect, loginAndOpen, scopeDir, test, userWithFiles } from "../support/fixtures.js";
import { useStandinTools } from "../support/standin-tools.js";
import { e2eState } from "../support/state.js";
import { FIXTURES } from "../support/tree.js";

/** The server's font cache (beside its database) and the METAFONT files in it, with their times. */
function cachedFonts(): Map<string, number> {
  const cache = path.join(path.dirname(e2eState().db), "fonts");
  const found = new Map<string, number>();
  for (const entry of readdirSync(cache, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.startsWith("mauro.")) continue;
    const abs = path.join(entry.parentPath, entry.name);
    found.set(path.relative(cache, abs), statSync(abs).mtimeMs);
  }
  return found;
}

/*
 * Issue 30, the edition's pipeline to PDF: a Mauro-TeX transcription compiled to the edition's
 * PDF from the editor, through m2lv + pdflatex, then m2ledmac + pdflatex (reledmac). The stand-in
 * compilers write LaTeX that needs the edition's styles and its METAFONT font `mauro`, as the real
 * ones do; `useStandinTools` sets the test support folder that holds them. pdflatex is the real
 * one, in the sandbox.
 */
const SOURCE = "Opuscula/varia-de-centris.tex";
useStandinTools();

const fixture = () => readFileSync(path.join(FIXTURES, "varia-de-centris.tex"), "utf8");

test("a Mauro-TeX fixture to PDF in one click through m2lv, then m2ledmac; the second compile makes no font again", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const user = userWithFiles({ [SOURCE]: fixture() });
  const scope = scopeDir(user);
  await loginAndOpen(page, user, `/files/${SOURCE}`);
  await expect(page.locator(".cm-content")).toContainText("ElencoTestimoni");

  // The Compile menu: the profile "PDF through m2lv" runs at once and stays in the editor.
  await page.getByTestId("workbench-profile-toggle").click();
  await expect(page.getByTestId("workbench-profile-pdf-m2lv")).toBeEnabled();
  await page.getByTestId("workbench-profile-pdf-m2lv").click();
  const viewer = page.getByTestId("workbench-pane").getByTestId("pdf-viewer");
  await expect(viewer.locator('[data-pdf-page="1"][data-drawn]')).toBeVisible({
    timeout: 90_000,
  });
  await expect(page).toHaveURL(new RegExp(`/files/${SOURCE.replace(".", "\\.")}$`));
  // The edition's text is in the PDF (the text layer of page 1).
  await expect(viewer.locator('[data-pdf-page="1"] .pdf-page__text')).toContainText("centr");
  const m2lvDir = path.join(scope, "Opuscula/varia-de-centris_m2lv-pdf");
  expect(readdirSync(m2lvDir)).toEqual(
    expect.arrayContaining([
      "varia-de-centris.m.tex",
      "varia-de-centris.m.pdf",
      "varia-de-centris.m2lv-pdf.log",
    ]),
  );
  const firstLog = readFileSync(path.join(m2lvDir, "varia-de-centris.m2lv-pdf.log"), "utf8");
  // One log, both steps: the compiler, then pdflatex on the .m.tex it wrote, with the support
  // files found (mauro.sty, the font mauro).
  expect(firstLog).toMatch(/EXECUTING: m2lv /);
  expect(firstLog).toMatch(/EXECUTING: pdflatex .*varia-de-centris\.m\.tex/);
  expect(firstLog).not.toContain("I can't find file `mauro'");
  expect(firstLog).not.toContain("not loadable");
  // The font METAFONT made from the support folder's mauro.mf is in the server's cache.
  const fonts = cachedFonts();
  expect([...fonts.keys()].some((name) => name.endsWith("mauro.tfm"))).toBe(true);

  // Then m2ledmac + pdflatex: the font is taken from the server's cache, not made again.
  await page.getByTestId("workbench-profile-toggle").click();
  await page.getByTestId("workbench-profile-pdf-m2ledmac").click();
  const ledmacDir = path.join(scope, "Opuscula/varia-de-centris_m2ledmac-pdf");
  await expect
    .poll(() => readdirSync(path.dirname(ledmacDir)).includes(path.basename(ledmacDir)), {
      timeout: 90_000,
    })
    .toBe(true);
  await expect(page.getByTestId("workbench-pane-open")).toHaveAttribute(
    "href",
    /varia-de-centris_m2ledmac-pdf\/varia-de-centris\.m\.pdf/,
    { timeout: 90_000 },
  );
  await expect(viewer.locator('[data-pdf-page="1"][data-drawn]')).toBeVisible({
    timeout: 30_000,
  });
  const secondLog = readFileSync(path.join(ledmacDir, "varia-de-centris.m2ledmac-pdf.log"), "utf8");
  expect(secondLog).toMatch(/EXECUTING: m2ledmac /);
  expect(secondLog).toMatch(/EXECUTING: pdflatex /);
  expect(secondLog).not.toMatch(/mktextfm|mktexpk|METAFONT/);
  expect(secondLog).not.toContain("not loadable");
  expect(cachedFonts()).toEqual(fonts);

  // Compile (one click, or Ctrl+Enter) now runs the file's last profile again.
  const rerun = page.waitForRequest((req) => req.method() === "PATCH");
  await page.getByTestId("workbench-compile").click();
  expect(new URL((await rerun).url()).searchParams.get("action")).toBe("mauro:m2ledmac-pdf");
});
