import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, loginAndOpen, test, userWithFiles } from "../support/fixtures.js";
import { runAction } from "../support/actions.js";
import { useStandinTools } from "../support/standin-tools.js";
import { FIXTURES } from "../support/tree.js";

/*
 * The compile workbench in the editor, with the stand-in Mauro-TeX compilers: the admin points
 * the tool folders at them (and at node's folder, which their `#!/usr/bin/env node` needs).
 */
const SOURCE = "Opuscula/varia-de-centris.tex";
useStandinTools();

const fixture = () => readFileSync(path.join(FIXTURES, "varia-de-centris.tex"), "utf8");

test("m2hv from the header, a diagnostic into the editor, then compile there (Ctrl+Enter, the button): diagnostics in the gutter, the HTML beside the source, fresh after each compile", async ({
  page,
}) => {
  const user = userWithFiles({ [SOURCE]: fixture() });
  await loginAndOpen(page, user, "/files/Opuscula/");
  await page.locator('[data-testid="listing-item"][data-name="varia-de-centris.tex"]').click();
  await runAction(page, "tool-m2hv");
  const dialog = page.getByTestId("prompt-edition-tool");
  await dialog.getByTestId("tool-commandline").fill("-v");
  await dialog.getByTestId("tool-submit").click();
  await expect(page).toHaveURL(/varia-de-centris\.m2hv\.log$/, { timeout: 20_000 });
  await page.getByTestId("tool-log-diagnostic").first().click();

  // The editor opens at the line, with the run's diagnostics and output.
  await expect(page).toHaveURL(/\/files\/Opuscula\/varia-de-centris\.tex\?line=13$/);
  await expect(page.locator(".cm-flashLine")).toContainText("Testo \\VV");
  await expect(page.locator(".cm-gutter-lint .cm-lint-marker").first()).toBeVisible();
  await expect(page.locator(".cm-content [class*='cm-lintRange']").first()).toBeVisible();
  const pane = page.getByTestId("workbench-frame");
  await expect(pane).toHaveAttribute(
    "src",
    /^\/api\/raw-inline\/Opuscula\/varia-de-centris_m2hv\/index\.html\?v=\d+$/,
  );
  const dialogSrc = await pane.getAttribute("src");

  // Ctrl+Enter reruns m2hv with the same options, overwriting its folder.
  const rerun = page.waitForRequest((req) => req.method() === "PATCH");
  await page.keyboard.press("Control+Enter");
  const query = new URL((await rerun).url()).searchParams;
  expect(query.get("action")).toBe("mauro:m2hv");
  expect(query.get("commandline")).toBe("-v");
  expect(query.get("override")).toBe("true");
  await expect(pane).not.toHaveAttribute("src", dialogSrc ?? "", { timeout: 20_000 });
  const firstSrc = await pane.getAttribute("src");
  // index.html opens the frame page of the edition, with the text and the apparatus frames.
  const html = page.frameLocator('[data-testid="workbench-frame"]');
  await expect(html.locator('iframe[name="testo"]')).toHaveAttribute(
    "src",
    "varia-de-centris-1.htm",
    { timeout: 10_000 },
  );
  // The frames load inside the sandboxed page: the text frame shows the edition's text.
  await expect(html.frameLocator('iframe[name="testo"]').locator("body")).toContainText(
    "praecedens correctio",
    { timeout: 10_000 },
  );
  await expect(page.locator(".cm-gutter-lint .cm-lint-marker").first()).toBeVisible();

  // An edit, then compile again from the button: saved first, and the pane loads anew.
  await page.keyboard.press("Home");
  await page.keyboard.type("Nuovissimum ");
  await expect(page.getByTestId("editor-dirty")).toBeVisible();
  await page.getByTestId("workbench-compile").click();
  await expect(page.getByTestId("editor-dirty")).toBeHidden();
  await expect(pane).not.toHaveAttribute("src", firstSrc ?? "", { timeout: 20_000 });
  await expect(html.locator('iframe[name="testo"]')).toHaveAttribute(
    "src",
    "varia-de-centris-1.htm",
  );
  await expect(html.frameLocator('iframe[name="testo"]').locator("body")).toContainText(
    "Nuovissimum",
    { timeout: 10_000 },
  );

  // The pane can be hidden and shown again.
  await page.getByTestId("workbench-pane-toggle").click();
  await expect(page.getByTestId("workbench-pane")).toBeHidden();
  await page.getByTestId("workbench-pane-toggle").click();
  await expect(page.getByTestId("workbench-pane")).toBeVisible();
});

test("a witness view from the editor shows the witness's text beside the source, and compile refreshes it", async ({
  page,
}) => {
  const user = userWithFiles({ [SOURCE]: fixture() });
  await loginAndOpen(page, user, `/files/${SOURCE}`);
  await expect(page.locator(".cm-content")).toContainText("\\ElencoTestimoni");
  await runAction(page, "witness-views");
  const dialog = page.getByTestId("prompt-witness");
  await dialog.getByTestId("witness-view").selectOption("text");
  await dialog.getByTestId("witness-siglum").selectOption("G");
  await dialog.getByTestId("witness-submit").click();

  const pane = page.getByTestId("workbench-frame");
  await expect(pane).toHaveAttribute(
    "src",
    /^\/api\/raw-inline\/Opuscula\/varia-de-centris_m2hv\/varia-de-centris-G-1\.htm\?v=\d+$/,
    { timeout: 20_000 },
  );
  const html = page.frameLocator('[data-testid="workbench-frame"]');
  await expect(html.locator("h1")).toContainText("testimone G", { timeout: 10_000 });

  // Compile reruns the view on the edited text (line 13), and the pane shows it.
  await page.locator(".cm-content").click();
  await page.keyboard.press("Control+Home");
  for (let i = 1; i < 13; i++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Home");
  await page.keyboard.type("Nuovissimum ");
  await page.keyboard.press("Control+Enter");
  await expect(html.locator("body")).toContainText("Nuovissimum", { timeout: 20_000 });
  await expect(pane).toHaveAttribute("src", /varia-de-centris-G-1\.htm\?v=\d+$/);
});

test("Mauro-TeX in the editor: the edition's macros highlighted, the declared sigla completed in a variant; stacked under 736 px", async ({
  page,
}) => {
  const user = userWithFiles({ [SOURCE]: fixture() });
  await loginAndOpen(page, user, `/files/${SOURCE}`);
  const content = page.locator(".cm-content");
  await expect(content).toContainText("\\ElencoTestimoni");
  await expect(page.locator(".cm-mauro-macro", { hasText: "\\ElencoTestimoni" })).toBeVisible();
  await expect(page.locator(".cm-mauro-sigla", { hasText: "L2/Bas" }).first()).toBeVisible();

  await content.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\n\\VV{{");
  const completions = page.locator(".cm-tooltip-autocomplete");
  await expect(completions).toBeVisible();
  await expect(completions.getByRole("option")).toHaveText([
    "1",
    "A",
    "A+",
    "Bas",
    "G",
    "L",
    "L2",
    "N",
    "N2",
  ]);
  await page.keyboard.type("N");
  await expect(completions.getByRole("option")).toHaveText(["N", "N2"]);
  await completions.getByRole("option", { name: "N2" }).click();
  await expect(content).toContainText("\\VV{{N2}}");

  // Compiled on a narrow screen, the output sits under the source.
  await page.setViewportSize({ width: 600, height: 900 });
  await page.keyboard.press("End");
  await page.keyboard.press("Shift+Home");
  await page.keyboard.press("Backspace");
  await page.keyboard.press("Backspace");
  await expect(page.getByTestId("editor-dirty")).toBeHidden();
  await page.getByTestId("workbench-compile").click();
  await expect(page.getByTestId("workbench-frame")).toBeVisible({ timeout: 20_000 });
  const pane = page.getByTestId("workbench-pane");
  const source = await page.locator(".editor__body").boundingBox();
  const output = await pane.boundingBox();
  expect(source && output && output.y >= source.y + source.height - 1).toBe(true);
  expect(output?.width).toBeGreaterThan(500);
});
