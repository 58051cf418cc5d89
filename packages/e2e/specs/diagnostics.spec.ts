import { expect, loginAndOpen, test, userWithFiles } from "../support/fixtures.js";
import { runAction } from "../support/actions.js";

/*
 * Issue 30 (2): pdflatex for real (TeX Live, found in the default tool folders) on a file named
 * with a space, whose error is a link to its line; an error raised while a style file beside it
 * is read points at the style file, at the style's line.
 */
const SOURCE = [
  "\\documentclass{article}",
  "\\usepackage{mystyle}",
  "\\begin{document}",
  "Testo (con parentesi) e [1] altro.",
  "\\undefinedmacro",
  "\\end{document}",
  "",
].join("\n");
const STYLE = [
  "\\ProvidesPackage{mystyle}",
  "\\newcommand{\\hello}{Hello}",
  "% line 3",
  "\\badmacroinstyle",
  "\\endinput",
  "",
].join("\n");

test("pdflatex on 'con errore.tex': its error links to line 5, the style's to the style file", async ({
  page,
}) => {
  const user = userWithFiles({ "Tesi/con errore.tex": SOURCE, "Tesi/mystyle.sty": STYLE });
  await loginAndOpen(page, user, "/files/Tesi/");
  await page.locator('[data-testid="listing-item"][data-name="con errore.tex"]').click();
  await runAction(page, "tool-pdflatex");
  await page.getByTestId("prompt-edition-tool").getByTestId("tool-submit").click();
  await expect(page).toHaveURL(/\.log$/, { timeout: 30_000 });

  const log = page.getByTestId("tool-log");
  await expect(log.getByTestId("tool-log-summary")).toHaveText("Errors: 2, warnings: 0");
  const entries = log.getByTestId("tool-log-diagnostic");
  await expect(entries).toHaveText([
    "mystyle.sty:4: Undefined control sequence.",
    "con errore.tex:5: Undefined control sequence.",
  ]);
  await expect(entries.nth(0)).toHaveAttribute("href", "/files/Tesi/mystyle.sty?line=4");
  await expect(entries.nth(1)).toHaveAttribute("href", "/files/Tesi/con%20errore.tex?line=5");

  // The source's error opens the editor at line 5, marked; the list under it links the style.
  await entries.nth(1).click();
  await expect(page).toHaveURL(/\/files\/Tesi\/con%20errore\.tex\?line=5$/);
  await expect(page.locator(".cm-flashLine")).toContainText("\\undefinedmacro");
  await expect(page.locator(".cm-gutter-lint .cm-lint-marker-error")).toHaveCount(1);
  const messages = page.getByTestId("workbench-messages").getByTestId("workbench-diagnostic");
  await expect(messages).toHaveText([
    "mystyle.sty:4: Undefined control sequence.",
    "con errore.tex:5: Undefined control sequence.",
  ]);

  // The style file's error opens the style file at its own line, marked there.
  await messages.nth(0).click();
  await expect(page).toHaveURL(/\/files\/Tesi\/mystyle\.sty\?line=4$/);
  await expect(page.locator(".cm-flashLine")).toContainText("\\badmacroinstyle");
  await expect(page.locator(".cm-gutter-lint .cm-lint-marker-error")).toHaveCount(1);
});
