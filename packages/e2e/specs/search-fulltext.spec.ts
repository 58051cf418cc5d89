import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, loginAndOpen, test, userWithFiles } from "../support/fixtures.js";
import { FIXTURES } from "../support/tree.js";

/*
 * Full-text search (issue 13): "inside files" finds a word inside a Mauro-TeX transcription,
 * shows the line, the snippet with the word marked and the witness whose reading holds it, and
 * opens the editor at that line.
 */

const TEXT = [
  "\\Unit De sphaera",
  "Prima propositio.",
  "Circulus maximus in sphaera.",
  "Secunda \\VV{{A:astrolabium}{B:instrumentum}} describitur.",
  "",
].join("\n");

const overlay = (page: Page) => page.getByTestId("search");

test("inside files: a word in a transcription opens the editor at its line", async ({ page }) => {
  const user = userWithFiles({ "Opuscula/de-sphaera.tex": TEXT }, ["--viewMode", "list"]);
  await loginAndOpen(page, user, "/files/Opuscula/");
  await expect(
    page.locator('[data-testid="listing-item"][data-name="de-sphaera.tex"]'),
  ).toBeVisible();
  await page.keyboard.press("ControlOrMeta+f");
  await overlay(page).getByTestId("search-content").check();
  const input = overlay(page).getByTestId("search-input");
  await input.fill("astrolabium");
  const result = overlay(page).locator('[data-testid="search-result"][data-path="de-sphaera.tex"]');
  await expect(async () => {
    await input.press("Enter");
    await expect(result).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(result).toContainText("line 4");
  await expect(result.getByTestId("search-snippet").locator("mark")).toHaveText(["astrolabium"]);
  await expect(result.getByTestId("search-witnesses")).toHaveText("Witnesses: A");

  await result.click();
  await expect(page).toHaveURL(/\/files\/Opuscula\/de-sphaera\.tex\?line=4$/);
  await expect(page.locator(".cm-activeLine")).toContainText("astrolabium");
});

test("inside files: a word of a variant in the edition's own fixture, with its witnesses", async ({
  page,
}) => {
  const source = readFileSync(path.join(FIXTURES, "varia-de-centris.tex"), "utf8");
  const line = source.split("\n").findIndex((l) => l.includes("prodiorthosis")) + 1;
  expect(line).toBeGreaterThan(0);
  const user = userWithFiles({ "Opuscula/varia-de-centris.tex": source }, ["--viewMode", "list"]);
  await loginAndOpen(page, user, "/files/Opuscula/");
  await expect(
    page.locator('[data-testid="listing-item"][data-name="varia-de-centris.tex"]'),
  ).toBeVisible();
  await page.keyboard.press("ControlOrMeta+f");
  await overlay(page).getByTestId("search-content").check();
  const input = overlay(page).getByTestId("search-input");
  await input.fill("prodiorthosis");
  const results = overlay(page).locator(
    '[data-testid="search-result"][data-path="varia-de-centris.tex"]',
  );
  await expect(async () => {
    await input.press("Enter");
    await expect(results.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(results.first()).toContainText(`line ${line}`);
  await expect(overlay(page).getByTestId("search-witnesses").first()).toContainText("Bas");
  await results.first().click();
  await expect(page).toHaveURL(new RegExp(`varia-de-centris\\.tex\\?line=${line}$`));
  await expect(page.locator(".cm-activeLine")).toContainText("prodiorthosis");
});
