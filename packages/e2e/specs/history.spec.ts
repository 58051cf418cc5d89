import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, loginAndOpen, scopeDir, test, userWithFiles } from "../support/fixtures.js";
import { FIXTURES } from "../support/tree.js";

/*
 * Version history (issue 29): two saves of a Mauro-TeX file in the editor, its history, the diff
 * of the first content with the file as it is (changed words marked, the changed reading named
 * with its siglum), and a restore of the first content.
 */

const EDITOR = ["--perm.modify=true", "--perm.download=true"];

/** The first content: a variant whose witness B reads `r`, then a real transcription. */
const FIRST = `\\VV{{A/B:r}{C:s}} prima\n${readFileSync(path.join(FIXTURES, "citlonga.tex"), "utf8")}`;

async function press(page: Page, key: string, times: number) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

async function save(page: Page) {
  await expect(page.getByTestId("editor-dirty")).toBeVisible();
  await page.keyboard.press("Control+s");
  await expect(page.getByTestId("editor-save")).toHaveAttribute("data-state", "saved");
  await expect(page.getByTestId("editor-dirty")).toHaveCount(0);
}

test("save a .tex twice, see the changed words and readings in its history, restore the first", async ({
  page,
}) => {
  const user = userWithFiles({ "Opere/varia.tex": FIRST }, EDITOR);
  const onDisk = () => readFileSync(path.join(scopeDir(user), "Opere", "varia.tex"), "utf8");
  await loginAndOpen(page, user, "/files/Opere/varia.tex");
  const content = page.locator(".cm-content");
  await expect(content).toContainText("\\Citlonga");

  // First save: a word of the first line.
  await content.click();
  await page.keyboard.press("Control+Home");
  await page.keyboard.press("End");
  await press(page, "Backspace", "prima".length);
  await page.keyboard.type("seconda");
  await page.keyboard.press("Escape");
  await save(page);
  expect(onDisk().startsWith("\\VV{{A/B:r}{C:s}} seconda\n")).toBe(true);

  // Second save: witness B moves from reading r to reading s.
  await page.keyboard.press("Control+Home");
  await press(page, "ArrowRight", "\\VV{{A/B".length);
  await press(page, "Backspace", 2);
  await press(page, "ArrowRight", ":r}{".length);
  await page.keyboard.type("B/");
  await page.keyboard.press("Escape");
  await save(page);
  expect(onDisk().startsWith("\\VV{{A:r}{B/C:s}} seconda\n")).toBe(true);

  // The history: the content before each save, newest first.
  await page.getByTestId("editor-history").click();
  const dialog = page.getByTestId("history-dialog");
  const versions = dialog.getByTestId("version");
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0).getByTestId("version-author")).toContainText(user.username);

  // The first content against the file as it is.
  await versions.nth(1).getByTestId("version-compare").click();
  const table = dialog.getByTestId("diff-table");
  await expect(table).toBeVisible();
  await expect(table.locator("del.diff__word")).toHaveText(["/B", "prima"]);
  await expect(table.locator("ins.diff__word")).toHaveText(["B/", "seconda"]);
  await expect(dialog.getByTestId("diff-skip")).toHaveCount(1);
  const reading = dialog.getByTestId("reading-change");
  await expect(reading).toHaveCount(1);
  await expect(reading).toContainText("\\VV");
  await expect(reading).toContainText("line 1");
  await expect(reading.getByTestId("reading-sigla")).toHaveText("sigla: B");
  await expect(reading.getByTestId("reading-pair")).toHaveCount(1);
  await expect(reading.getByTestId("reading-pair")).toHaveText(/^B\s*r\s*→\s*becomes\s*s$/);

  // Inline, the same marks.
  await dialog.getByTestId("diff-layout-inline").click();
  await expect(table).toHaveAttribute("data-layout", "inline");
  await expect(table.locator("del.diff__word")).toHaveText(["/B", "prima"]);

  // Restore the first content: the file has it again, and the editor shows it.
  await dialog.getByTestId("history-back").click();
  await versions.nth(1).getByTestId("version-restore").click();
  await page.getByTestId("history-restore-confirm-button").click();
  await expect(page.getByTestId("toast-success")).toContainText("Version restored");
  await expect.poll(onDisk).toBe(FIRST);
  // The restore kept what it replaced as one more version.
  await expect(versions).toHaveCount(3);
  await dialog.getByTestId("history-close").click();
  await expect(content).toContainText("\\VV{{A/B:r}{C:s}} prima");
});
