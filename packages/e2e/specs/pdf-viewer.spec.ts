import { expect, loginAndOpen, test, userWithFiles } from "../support/fixtures.js";
import { runAction } from "../support/actions.js";

/*
 * The PDF viewer and SyncTeX (issue 30): pdflatex for real (with -synctex=1) on a LaTeX file of
 * three pages, from the editor; the PDF beside the source in the app's viewer (page 1, the
 * thumbnails, zoom, search); a double-click in the PDF puts the editor's cursor on the line;
 * "Show in PDF" scrolls the PDF to the cursor's line and flashes it; the preview shows the PDF in
 * the same viewer, and a double-click there opens the editor at the line.
 */
const TEX = [
  "\\documentclass{article}",
  "\\begin{document}",
  "\\section{Prima}",
  "Primus paragraphus cum verbo alpha.",
  "",
  "\\newpage",
  "\\section{Secunda}",
  "Hic est zebra in pagina secunda.",
  "Linea quarta post verbum.",
  "\\newpage",
  "\\section{Tertia}",
  "Ornithorhynchus in pagina tertia.",
  "\\end{document}",
  "",
].join("\n");

test("pdflatex's PDF in the app's viewer beside the source: page 1, thumbnails, zoom, search, and SyncTeX both ways", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const user = userWithFiles({ "Tesi/libro.tex": TEX });
  await loginAndOpen(page, user, "/files/Tesi/libro.tex");
  await expect(page.locator(".cm-content")).toContainText("Ornithorhynchus");

  // pdflatex from the editor's header: the run stays in the editor, the PDF beside the source.
  await runAction(page, "tool-pdflatex");
  await page.getByTestId("prompt-edition-tool").getByTestId("tool-submit").click();
  const viewer = page.getByTestId("workbench-pane").getByTestId("pdf-viewer");
  await expect(viewer).toHaveAttribute("data-pages", "3", { timeout: 40_000 });
  await expect(page).toHaveURL(/\/files\/Tesi\/libro\.tex$/);
  await expect(viewer.locator('[data-pdf-page="1"][data-drawn]')).toBeVisible();
  await expect(viewer.locator('[data-pdf-page="1"] .pdf-page__text')).toContainText("Primus");
  await expect(viewer.getByTestId("pdf-page-count")).toHaveText("of 3");
  // No browser viewer in a frame any more; the raw file stays one click away.
  await expect(page.getByTestId("workbench-frame")).toHaveCount(0);
  await expect(page.getByTestId("workbench-pane-open")).toHaveAttribute(
    "href",
    "/api/raw/Tesi/libro.pdf?inline=true",
  );

  // Thumbnails: one per page; a click goes to that page.
  await viewer.getByTestId("pdf-thumbnails-toggle").click();
  await expect(viewer.getByTestId("pdf-thumbnail")).toHaveCount(3);
  await viewer.getByTestId("pdf-thumbnail").nth(2).click();
  await expect(viewer.getByTestId("pdf-page-number")).toHaveValue("3");
  await expect(viewer.locator('[data-pdf-page="3"][data-drawn]')).toBeVisible();
  await viewer.getByTestId("pdf-thumbnails-toggle").click();
  await expect(viewer.getByTestId("pdf-thumbnail")).toHaveCount(0);

  // Zoom: steps, fit page, fit width; the page's drawn size follows.
  const pageBox = () => viewer.locator('[data-pdf-page="3"]').boundingBox();
  const fitWidth = (await pageBox())?.width ?? 0;
  await viewer.getByTestId("pdf-zoom-in").click();
  await expect.poll(async () => (await pageBox())?.width ?? 0).toBeGreaterThan(fitWidth * 1.05);
  await viewer.getByTestId("pdf-fit-page").click();
  const pages = await viewer.getByTestId("pdf-pages").boundingBox();
  await expect
    .poll(async () => (await pageBox())?.height ?? 0)
    .toBeLessThanOrEqual(pages?.height ?? 0);
  await viewer.getByTestId("pdf-fit-width").click();
  await expect
    .poll(async () => Math.round((await pageBox())?.width ?? 0))
    .toBe(Math.round(fitWidth));

  // Go to a page by its number.
  await viewer.getByTestId("pdf-page-number").fill("1");
  await viewer.getByTestId("pdf-page-number").press("Enter");
  await expect(viewer.locator('[data-pdf-page="1"]')).toBeInViewport();

  // Search (Ctrl+F in the viewer): the word on page 3 is found, marked and scrolled to.
  await viewer.getByTestId("pdf-pages").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("Control+f");
  await expect(viewer.getByTestId("pdf-find-input")).toBeFocused();
  await page.keyboard.type("ornithorhynchus");
  await expect(viewer.getByTestId("pdf-find-status")).toHaveText("1 of 1");
  const hit = viewer.locator('[data-pdf-page="3"] mark.pdf-hit--current');
  await expect(hit).toHaveText("Ornithorhynchus");
  await expect(hit).toBeInViewport();
  await expect(viewer.getByTestId("pdf-page-number")).toHaveValue("3");
  await page.keyboard.press("Escape");
  await expect(viewer.getByTestId("pdf-find")).toHaveCount(0);

  // PDF → source: a double-click on "zebra" (page 2) puts the cursor on line 8.
  await viewer.getByTestId("pdf-page-number").fill("2");
  await viewer.getByTestId("pdf-page-number").press("Enter");
  const zebra = viewer.locator('[data-pdf-page="2"] .pdf-page__text span', { hasText: "zebra" });
  await expect(zebra.first()).toBeVisible();
  await zebra.first().dblclick();
  await expect(page.locator(".cm-flashLine")).toContainText("Hic est zebra");
  await expect(page.locator(".cm-activeLine")).toContainText("Hic est zebra");

  // Source → PDF: the cursor on line 12, "Show in PDF" scrolls page 3 into view and flashes it.
  await page.locator(".cm-line", { hasText: "Ornithorhynchus" }).click();
  await page.getByTestId("workbench-show-in-pdf").click();
  const flash = viewer.locator('[data-pdf-page="3"] [data-testid="pdf-flash"]');
  await expect(flash.first()).toBeVisible();
  await expect(flash.first()).toBeInViewport();
  await expect(viewer.getByTestId("pdf-page-number")).toHaveValue("3");
  // The flash covers the line of "Ornithorhynchus" in the text layer.
  const word = await viewer
    .locator('[data-pdf-page="3"] .pdf-page__text span', { hasText: "Ornithorhynchus" })
    .first()
    .boundingBox();
  const box = await flash.first().boundingBox();
  expect(word && box).toBeTruthy();
  if (word && box) {
    expect(box.y).toBeLessThanOrEqual(word.y + word.height / 2);
    expect(box.y + box.height).toBeGreaterThanOrEqual(word.y + word.height / 2);
  }

  // The preview shows the PDF in the same viewer; a double-click opens the editor at the line.
  await page.goto("/files/Tesi/libro.pdf");
  const preview = page.getByTestId("preview").getByTestId("pdf-viewer");
  await expect(preview.locator('[data-pdf-page="1"][data-drawn]')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("preview-download")).toHaveAttribute(
    "href",
    "/api/raw/Tesi/libro.pdf",
  );
  await preview
    .locator('[data-pdf-page="1"] .pdf-page__text span', { hasText: "Primus" })
    .first()
    .dblclick();
  await expect(page).toHaveURL(/\/files\/Tesi\/libro\.tex\?line=4$/);
  await expect(page.locator(".cm-flashLine")).toContainText("Primus paragraphus");
});

test("on a phone-width screen the viewer's bar fits and the pages fill the width", async ({
  page,
}) => {
  const user = userWithFiles({ "Tesi/breve.tex": TEX });
  await loginAndOpen(page, user, "/files/Tesi/breve.tex");
  await runAction(page, "tool-pdflatex");
  await page.getByTestId("prompt-edition-tool").getByTestId("tool-submit").click();
  await expect(page.getByTestId("workbench-pane").getByTestId("pdf-viewer")).toBeVisible({
    timeout: 40_000,
  });
  await page.setViewportSize({ width: 390, height: 780 });
  await page.goto("/files/Tesi/breve.pdf");
  const viewer = page.getByTestId("pdf-viewer");
  await expect(viewer.locator('[data-pdf-page="1"][data-drawn]')).toBeVisible({ timeout: 15_000 });
  const bar = await viewer.getByRole("toolbar").boundingBox();
  expect(bar?.width ?? 999).toBeLessThanOrEqual(390);
  const first = await viewer.locator('[data-pdf-page="1"]').boundingBox();
  expect(first?.width ?? 0).toBeGreaterThan(300);
  expect(first?.width ?? 999).toBeLessThanOrEqual(390);
  // Thumbnails open over the pages and close again.
  await viewer.getByTestId("pdf-thumbnails-toggle").click();
  await expect(viewer.getByTestId("pdf-thumbnail").first()).toBeVisible();
  await viewer.getByTestId("pdf-thumbnail").nth(1).click();
  await expect(viewer.getByTestId("pdf-page-number")).toHaveValue("2");
});
