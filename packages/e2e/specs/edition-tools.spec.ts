import { readFileSync } from "node:fs";
import path from "node:path";
import { admin, expect, loginAndOpen, test, userWithFiles } from "../support/fixtures.js";
import { menuActions, runAction } from "../support/actions.js";
import { useStandinTools } from "../support/standin-tools.js";
import { FIXTURES } from "../support/tree.js";

/*
 * The edition tools from the browser, with the stand-in Mauro-TeX compilers of the server's
 * tests (the real ones are not shipped): the admin points the tool folders at them, and at the
 * folder of node, which their `#!/usr/bin/env node` line looks up on the tools' PATH.
 */
const tools = useStandinTools();

const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), "utf8");

test("m2hv from the header, then the log, then a diagnostic into the editor", async ({ page }) => {
  const user = userWithFiles({ "Opuscula/varia-de-centris.tex": fixture("varia-de-centris.tex") });
  await loginAndOpen(page, user, "/files/Opuscula/");
  await page.locator('[data-testid="listing-item"][data-name="varia-de-centris.tex"]').click();
  await runAction(page, "tool-m2hv");

  const dialog = page.getByTestId("prompt-edition-tool");
  await expect(dialog.getByTestId("tool-output-name")).toHaveValue("varia-de-centris_m2hv");
  await dialog.getByTestId("tool-commandline").fill("-v");
  await dialog.getByTestId("tool-submit").click();

  await expect(page).toHaveURL(
    /\/files\/Opuscula\/varia-de-centris_m2hv\/varia-de-centris\.m2hv\.log$/,
    {
      timeout: 20_000,
    },
  );
  const log = page.getByTestId("tool-log");
  await expect(log.getByTestId("tool-log-text")).toContainText(
    "SOURCE: /Opuscula/varia-de-centris.tex",
  );
  await expect(log.getByTestId("tool-log-output")).toHaveAttribute(
    "href",
    /\/api\/raw-inline\/.*index\.html$/,
  );
  const first = log.getByTestId("tool-log-diagnostic").first();
  await expect(first).toHaveText(/^varia-de-centris\.tex:13: /);
  await first.click();

  await expect(page).toHaveURL(/\/files\/Opuscula\/varia-de-centris\.tex\?line=13$/);
  await expect(page.locator(".cm-content")).toContainText("\\VV");
  // The editor's header offers the tools on the file it shows.
  await expect(page.getByTestId("header-edition")).toBeVisible();
  await expect
    .poll(() => menuActions(page, "edition"))
    .toEqual(expect.arrayContaining(["tool-m2hv", "tool-pdflatex"]));

  // Run again: the output folder exists now, so the dialog asks to overwrite.
  await page.goto("/files/Opuscula/");
  await page.locator('[data-testid="listing-item"][data-name="varia-de-centris.tex"]').click();
  await runAction(page, "tool-m2hv");
  await expect(dialog.getByTestId("tool-overwrite")).toBeVisible();
  await expect(dialog.getByTestId("tool-submit")).toBeDisabled();
  await dialog.getByTestId("tool-overwrite").locator("input").check();
  await dialog.getByTestId("tool-submit").click();
  await expect(page).toHaveURL(/varia-de-centris\.m2hv\.log$/, { timeout: 20_000 });
});

test("a running tool shows a spinner and Cancel stops it, leaving the dialog open", async ({
  page,
}) => {
  const user = userWithFiles({
    "lenta.tex": `%STANDIN:sleep 30\n${fixture("citlonga.tex")}`,
  });
  await loginAndOpen(page, user, "/files/");
  await page.locator('[data-testid="listing-item"][data-name="lenta.tex"]').click();
  await runAction(page, "tool-m2lv");
  const dialog = page.getByTestId("prompt-edition-tool");
  await dialog.getByTestId("tool-submit").click();
  await expect(dialog.getByTestId("tool-running")).toBeVisible();
  await dialog.getByTestId("tool-cancel-run").click();
  await expect(dialog.getByTestId("tool-error")).toHaveText("Cancelled: the tool was stopped.");
  await expect(dialog.getByTestId("tool-submit")).toBeEnabled();
  await expect(page).toHaveURL(/\/files\/$/);
});

test("a tool the admin switched off in Settings → Global is no longer offered", async ({
  page,
}) => {
  await loginAndOpen(page, admin(), "/settings/global/tools");
  const row = page.getByTestId("tool-row-m2ledmac");
  await row.getByTestId("tool-enabled").uncheck();
  await page.getByTestId("global-tools-submit").click();
  await expect(page.getByTestId("toast-success")).toBeVisible();
  try {
    await page.getByTestId("sidebar-logout").click();
    await expect(page).toHaveURL(/\/login/);
    const user = userWithFiles({ "citlonga.tex": fixture("citlonga.tex") });
    await loginAndOpen(page, user, "/files/");
    await page.locator('[data-testid="listing-item"][data-name="citlonga.tex"]').click();
    // The page offers the tools still on; the server refuses the other (features/edition-tools tests).
    await expect(page.getByTestId("header-edition")).toBeVisible();
    await expect.poll(() => menuActions(page, "edition")).toContain("tool-m2hv");
    await expect.poll(() => menuActions(page, "edition")).not.toContain("tool-m2ledmac");
  } finally {
    const current = await tools.settings();
    for (const tool of current.tools.tools) tool.enabled = true;
    await tools.save(current);
  }
});
