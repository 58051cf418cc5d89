import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, loginAndOpen, scopeDir, test, userWithFiles } from "../support/fixtures.js";
import { FIXTURES } from "../support/tree.js";

const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), "utf8");

test("open a transcription, edit, save with Ctrl+S, reload and see the change", async ({
  page,
}) => {
  const user = userWithFiles({ "Opuscula/citlonga.tex": fixture("citlonga.tex") });
  await loginAndOpen(page, user, "/files/Opuscula/");
  await page.locator('[data-testid="listing-item"][data-name="citlonga.tex"]').dblclick();
  await expect(page).toHaveURL(/\/files\/Opuscula\/citlonga\.tex$/);
  const content = page.locator(".cm-content");
  await expect(content).toContainText("\\Citlonga");
  await content.click();
  await page.keyboard.press("Control+Home");
  await page.keyboard.type("% revisione del curatore\n");
  await expect(page.getByTestId("editor-dirty")).toBeVisible();
  await page.keyboard.press("Control+s");
  await expect(page.getByTestId("editor-save")).toHaveAttribute("data-state", "saved");
  const onDisk = readFileSync(path.join(scopeDir(user), "Opuscula", "citlonga.tex"), "utf8");
  expect(onDisk.startsWith("% revisione del curatore\n\\documentclass")).toBe(true);
  await page.reload();
  await expect(page.locator(".cm-content")).toContainText("% revisione del curatore");
});

test("leaving with unsaved changes asks to discard them", async ({ page }) => {
  const user = userWithFiles({ "figura.tex": fixture("figura.tex") });
  await loginAndOpen(page, user, "/files/figura.tex");
  const content = page.locator(".cm-content");
  await expect(content).toContainText("\\begin");
  await content.click();
  await page.keyboard.type("UNSAVED");
  await page.getByTestId("editor-close").click();
  await expect(page.getByTestId("prompt-discard")).toBeVisible();
  await page.getByTestId("prompt-discard-cancel").click();
  await expect(page).toHaveURL(/\/files\/figura\.tex$/);
  await page.getByTestId("editor-close").click();
  await page.getByTestId("prompt-discard-confirm").click();
  await expect(page).toHaveURL(/\/files\/$/);
  expect(readFileSync(path.join(scopeDir(user), "figura.tex"), "utf8")).toBe(fixture("figura.tex"));
});

test("a user without modify permission gets a read-only editor", async ({ page }) => {
  const user = userWithFiles({ "citlonga.tex": fixture("citlonga.tex") }, ["--perm.modify=false"]);
  await loginAndOpen(page, user, "/files/citlonga.tex");
  await expect(page.getByTestId("editor-readonly")).toBeVisible();
  await expect(page.getByTestId("editor-save")).toHaveCount(0);
});

test("new file and new folder from the sidebar", async ({ page }) => {
  const user = userWithFiles({ "readme.txt": "x" });
  await loginAndOpen(page, user);
  await page.getByTestId("sidebar-newDir").click();
  await page.getByTestId("prompt-new-dir").locator('input[name="name"]').fill("  Liber secundus  ");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/files\/Liber%20secundus\/$/);
  await expect(page.getByTestId("listing-lonely")).toBeVisible();
  await page.getByTestId("sidebar-newFile").click();
  await page.getByTestId("prompt-new-file").locator('input[name="name"]').fill("caput1.tex");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/files\/Liber%20secundus\/caput1\.tex$/);
  await expect(page.getByTestId("editor")).toBeVisible();
  expect(readFileSync(path.join(scopeDir(user), "Liber secundus", "caput1.tex"), "utf8")).toBe("");
});
