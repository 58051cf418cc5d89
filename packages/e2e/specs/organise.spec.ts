import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, loginAndOpen, scopeDir, test, userWithFiles } from "../support/fixtures.js";

/*
 * Organising files (issue 4): rename, move, copy, delete, the replace-rename prompt, the file
 * clipboard and drag and drop. Every test has a user of its own whose scope holds only the
 * files it needs, and checks the result on disk as well as on screen.
 */

const EDITOR = [
  "--viewMode",
  "list",
  "--perm.create=true",
  "--perm.rename=true",
  "--perm.modify=true",
  "--perm.delete=true",
];

const item = (page: Page, name: string) =>
  page.locator(`[data-testid="listing-item"][data-name="${name}"]`);
const pickerItem = (page: Page, name: string) =>
  page.locator(`[data-testid="folder-picker-item"][data-name="${name}"]`);

/** The file on disk under the user's scope. */
const onDisk = (user: { username: string }, rel: string) => path.join(scopeDir(user), rel);
const exists = (user: { username: string }, rel: string) => existsSync(onDisk(user, rel));
const content = (user: { username: string }, rel: string) =>
  readFileSync(onDisk(user, rel), "utf8");

/**
 * Opens a folder of the listing inside the page (in-memory state such as the clipboard stays),
 * and waits until its listing, with `shows` in it, is on screen.
 */
async function openFolder(page: Page, name: string, shows: string) {
  await item(page, name).dblclick();
  await expect(page.getByTestId("breadcrumbs")).toContainText(name);
  await expect(item(page, shows)).toBeVisible();
}

/** Back to the root folder through the breadcrumbs. */
async function goHome(page: Page, shows: string) {
  await page
    .getByTestId("breadcrumbs")
    .getByRole("link", { name: /My files/ })
    .click();
  await expect(item(page, shows)).toBeVisible();
}

test("rename with F2: the new name is trimmed", async ({ page }) => {
  const user = userWithFiles({ "Opuscula/cosmographia.tex": "\\Unit Cosmographia\n" }, EDITOR);
  await loginAndOpen(page, user, "/files/Opuscula/");
  await item(page, "cosmographia.tex").click();
  await page.keyboard.press("F2");
  const dialog = page.getByTestId("prompt-rename");
  const input = dialog.locator('input[name="name"]');
  await expect(input).toHaveValue("cosmographia.tex");
  await input.fill("  Cosmographia 1558.tex  ");
  await dialog.getByTestId("prompt-confirm").click();
  await expect(dialog).toHaveCount(0);
  await expect(item(page, "Cosmographia 1558.tex")).toBeVisible();
  await expect(item(page, "Cosmographia 1558.tex")).toHaveAttribute("aria-selected", "true");
  await expect(item(page, "cosmographia.tex")).toHaveCount(0);
  expect(content(user, "Opuscula/Cosmographia 1558.tex")).toBe("\\Unit Cosmographia\n");
});

test("move through the folder picker into a folder created inside it", async ({ page }) => {
  const user = userWithFiles(
    { "Opuscula/a.tex": "A", "Opuscula/b.tex": "B", "Opuscula/c.tex": "C", "Stampe/x.pdf": "X" },
    EDITOR,
  );
  await loginAndOpen(page, user, "/files/Opuscula/");
  await item(page, "a.tex").click();
  await item(page, "b.tex").click({ modifiers: ["ControlOrMeta"] });
  await page.getByTestId("action-move").click();
  const dialog = page.getByTestId("prompt-move");
  const picker = dialog.getByTestId("folder-picker");
  // The items' own folder is no destination for a move.
  await expect(dialog.getByTestId("prompt-confirm")).toBeDisabled();
  await picker.getByTestId("folder-picker-up").click();
  await expect(pickerItem(page, "Stampe")).toBeVisible();
  await expect(picker.getByTestId("folder-picker-up")).toHaveCount(0);
  await picker.getByTestId("folder-picker-new").click();
  await picker.getByTestId("folder-picker-new-name").fill("Archivio");
  await picker.getByTestId("folder-picker-new-name").press("Enter");
  await expect(pickerItem(page, "Archivio")).toHaveAttribute("aria-selected", "true");
  await dialog.getByTestId("prompt-confirm").click();
  await expect(dialog).toHaveCount(0);
  await expect(item(page, "a.tex")).toHaveCount(0);
  await expect(item(page, "b.tex")).toHaveCount(0);
  await expect(item(page, "c.tex")).toBeVisible();
  expect(content(user, "Archivio/a.tex")).toBe("A");
  expect(content(user, "Archivio/b.tex")).toBe("B");
  expect(exists(user, "Opuscula/a.tex")).toBe(false);
});

test("copying into the same folder renames the copy without asking", async ({ page }) => {
  const user = userWithFiles({ "Stampe/tavola.tex": "tavola" }, EDITOR);
  await loginAndOpen(page, user, "/files/Stampe/");
  await item(page, "tavola.tex").click();
  await page.getByTestId("action-copy").click();
  const dialog = page.getByTestId("prompt-copy");
  await expect(dialog.getByTestId("folder-picker")).toHaveAttribute("data-path", "/Stampe/");
  await dialog.getByTestId("prompt-confirm").click();
  await expect(item(page, "tavola(1).tex")).toBeVisible();
  await expect(page.getByTestId("prompt-replace-rename")).toHaveCount(0);
  expect(content(user, "Stampe/tavola(1).tex")).toBe("tavola");
  expect(content(user, "Stampe/tavola.tex")).toBe("tavola");
});

test("a name conflict asks: rename keeps both, replace overwrites", async ({ page }) => {
  const user = userWithFiles(
    {
      "Opuscula/euclides.tex": "new",
      "Opuscula/archimedes.tex": "A",
      "Stampe/euclides.tex": "old",
    },
    EDITOR,
  );
  await loginAndOpen(page, user, "/files/Opuscula/");
  const copyToStampe = async () => {
    await page.getByTestId("action-copy").click();
    const dialog = page.getByTestId("prompt-copy");
    await dialog.getByTestId("folder-picker-up").click();
    await pickerItem(page, "Stampe").click();
    await dialog.getByTestId("prompt-confirm").click();
  };
  await item(page, "euclides.tex").click();
  await item(page, "archimedes.tex").click({ modifiers: ["ControlOrMeta"] });

  await copyToStampe();
  const ask = page.getByTestId("prompt-replace-rename");
  await expect(ask).toContainText("euclides.tex");
  await expect(ask).not.toContainText("archimedes.tex");
  await ask.getByTestId("replace-rename-rename").click();
  await expect.poll(() => exists(user, "Stampe/euclides(1).tex")).toBe(true);
  expect(content(user, "Stampe/euclides(1).tex")).toBe("new");
  expect(content(user, "Stampe/euclides.tex")).toBe("old");
  // Only the conflicting item is renamed.
  expect(content(user, "Stampe/archimedes.tex")).toBe("A");

  await item(page, "archimedes.tex").click({ modifiers: ["ControlOrMeta"] });
  await copyToStampe();
  await expect(ask).toContainText("euclides.tex");
  await ask.getByTestId("replace-rename-cancel").click();
  await expect(ask).toHaveCount(0);
  expect(content(user, "Stampe/euclides.tex")).toBe("old");

  await copyToStampe();
  await ask.getByTestId("replace-rename-replace").click();
  // The replaced file goes to the trash before the copy lands: until then the name may be free.
  await expect
    .poll(() => (exists(user, "Stampe/euclides.tex") ? content(user, "Stampe/euclides.tex") : ""))
    .toBe("new");
  expect(exists(user, "Stampe/euclides(2).tex")).toBe(false);
});

test("copy and paste, then cut and paste, with the keyboard", async ({ page }) => {
  const user = userWithFiles(
    { "Lettere/prima.tex": "1", "Lettere/seconda.tex": "2", "Copie/.keep": "" },
    EDITOR,
  );
  await loginAndOpen(page, user, "/files/Lettere/");
  await item(page, "prima.tex").click();
  await page.keyboard.press("ControlOrMeta+c");
  const ready = page.locator(".toast", { hasText: "Ready to copy" });
  await expect(ready).toBeVisible();
  await goHome(page, "Copie");
  await openFolder(page, "Copie", ".keep");
  await page.keyboard.press("ControlOrMeta+v");
  await expect(item(page, "prima.tex")).toBeVisible();
  // Pasted: the "ready to copy" message has done its job and goes.
  await expect(ready).toHaveCount(0);
  expect(content(user, "Copie/prima.tex")).toBe("1");
  expect(content(user, "Lettere/prima.tex")).toBe("1");

  await goHome(page, "Lettere");
  await openFolder(page, "Lettere", "seconda.tex");
  await item(page, "seconda.tex").click();
  await page.keyboard.press("ControlOrMeta+x");
  await expect(item(page, "seconda.tex")).toHaveClass(/item--cut/);
  // Pasting a cut into its own folder does nothing.
  await page.keyboard.press("ControlOrMeta+v");
  await goHome(page, "Copie");
  await openFolder(page, "Copie", "prima.tex");
  await page.keyboard.press("ControlOrMeta+v");
  await expect(item(page, "seconda.tex")).toBeVisible();
  await expect(item(page, "seconda.tex")).not.toHaveClass(/item--cut/);
  expect(content(user, "Copie/seconda.tex")).toBe("2");
  expect(exists(user, "Lettere/seconda.tex")).toBe(false);
  // The cut is done: the clipboard is empty, another paste does nothing.
  await page.keyboard.press("ControlOrMeta+v");
  await expect(page.getByTestId("prompt-replace-rename")).toHaveCount(0);
  await expect(page.getByTestId("toast-error")).toHaveCount(0);
});

test("drag a file onto a folder to move it there", async ({ page }) => {
  const user = userWithFiles({ "lettera.tex": "L", "Lettere/1560.tex": "x" }, EDITOR);
  await loginAndOpen(page, user);
  const source = await item(page, "lettera.tex").boundingBox();
  const target = await item(page, "Lettere").boundingBox();
  if (!source || !target) throw new Error("items not laid out");
  await page.mouse.move(source.x + 60, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + 80, source.y + source.height / 2, { steps: 4 });
  await page.mouse.move(target.x + 60, target.y + target.height / 2, { steps: 8 });
  await expect(item(page, "Lettere")).toHaveAttribute("data-drop-target", "true");
  await page.mouse.up();
  await expect(item(page, "lettera.tex")).toHaveCount(0);
  await expect.poll(() => exists(user, "Lettere/lettera.tex")).toBe(true);
  expect(content(user, "Lettere/lettera.tex")).toBe("L");
});

test("delete several files with the Delete key", async ({ page }) => {
  const user = userWithFiles(
    { "Bozze/b1.txt": "1", "Bozze/b2.txt": "2", "Bozze/b3.txt": "3", "Bozze/tenere.txt": "k" },
    EDITOR,
  );
  await loginAndOpen(page, user, "/files/Bozze/");
  await item(page, "b1.txt").click();
  await item(page, "b3.txt").click({ modifiers: ["Shift"] });
  await page.keyboard.press("Delete");
  const dialog = page.getByTestId("prompt-delete");
  await expect(dialog).toContainText("3 items");
  await dialog.getByTestId("prompt-confirm").click();
  for (const name of ["b1.txt", "b2.txt", "b3.txt"]) await expect(item(page, name)).toHaveCount(0);
  await expect(item(page, "tenere.txt")).toBeVisible();
  expect(exists(user, "Bozze/b2.txt")).toBe(false);
  expect(exists(user, "Bozze/tenere.txt")).toBe(true);
});

test("without the rename permission: no rename, no move, nothing to drag", async ({ page }) => {
  const user = userWithFiles({ "nota.tex": "n", "Cartella/.keep": "" }, [
    ...EDITOR,
    "--perm.rename=false",
  ]);
  await loginAndOpen(page, user);
  await item(page, "nota.tex").click();
  await expect(page.getByTestId("action-copy")).toBeVisible();
  await expect(page.getByTestId("action-delete")).toBeVisible();
  await expect(page.getByTestId("action-rename")).toHaveCount(0);
  await expect(page.getByTestId("action-move")).toHaveCount(0);
  await page.keyboard.press("F2");
  await expect(page.getByTestId("prompt-rename")).toHaveCount(0);
  await expect(item(page, "nota.tex")).toHaveAttribute("draggable", "false");
  await item(page, "nota.tex").dragTo(item(page, "Cartella"));
  await expect(item(page, "Cartella")).not.toHaveAttribute("data-drop-target", "true");
  await expect(item(page, "nota.tex")).toBeVisible();
  expect(exists(user, "nota.tex")).toBe(true);
  expect(exists(user, "Cartella/nota.tex")).toBe(false);
});

test.describe("narrow screens", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the selection bar renames and moves", async ({ page }) => {
    const user = userWithFiles({ "Bozze/foglio.tex": "f", "Bozze/Sotto/.keep": "" }, EDITOR);
    await loginAndOpen(page, user, "/files/Bozze/");
    await item(page, "foglio.tex").click();
    const bar = page.getByTestId("selection-bar");
    await bar.getByTestId("selection-action-rename").click();
    await page.getByTestId("prompt-rename").locator('input[name="name"]').fill("foglio-1.tex");
    await page.getByTestId("prompt-rename").getByTestId("prompt-confirm").click();
    await expect(item(page, "foglio-1.tex")).toBeVisible();
    await bar.getByTestId("selection-action-move").click();
    const dialog = page.getByTestId("prompt-move");
    await pickerItem(page, "Sotto").click();
    await dialog.getByTestId("prompt-confirm").click();
    await expect(item(page, "foglio-1.tex")).toHaveCount(0);
    await expect.poll(() => exists(user, "Bozze/Sotto/foglio-1.tex")).toBe(true);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
