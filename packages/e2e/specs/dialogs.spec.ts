import type { Locator, Page } from "@playwright/test";
import { expect, loginAndOpen, test, userWithFiles } from "../support/fixtures.js";

/*
 * Dialogs (issue 8): a dialog is modal. Tab and Shift+Tab go round inside it, the page behind
 * can be neither clicked nor focused, Escape closes it, and the focus goes back to the button
 * that opened it.
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

/** A short description of the focused element: its test id, else its name or text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement)) return "none";
    const inDialog = Boolean(el.closest("dialog[open]"));
    const name = el.dataset.testid ?? el.getAttribute("name") ?? el.textContent.trim();
    return `${inDialog ? "dialog" : "page"}:${name}`;
  });

/** Presses `key` `times` times and lists where the focus was after each press. */
async function focusTrail(page: Page, key: string, times: number): Promise<string[]> {
  const trail: string[] = [];
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(key);
    trail.push(await focused(page));
  }
  return trail;
}

/** Whatever the pointer would hit at the centre of `target`. */
async function hitAtCentreOf(page: Page, target: Locator): Promise<string> {
  const box = await target.boundingBox();
  if (!box) throw new Error("no box");
  return page.evaluate(
    ([x, y]) => {
      const hit = document.elementFromPoint(x ?? 0, y ?? 0);
      return hit instanceof HTMLElement ? (hit.closest("dialog") ? "dialog" : "page") : "none";
    },
    [box.x + box.width / 2, box.y + box.height / 2],
  );
}

test("new folder: Tab stays in the dialog, the page is inert, Escape gives the focus back", async ({
  page,
}, testInfo) => {
  const user = userWithFiles({ "a.tex": "A" }, EDITOR);
  await loginAndOpen(page, user);
  await expect(item(page, "a.tex")).toBeVisible();

  const opener = page.getByTestId("sidebar-newDir");
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByTestId("prompt-new-dir");
  await expect(dialog).toBeVisible();
  await expect(page.locator("dialog:modal")).toHaveCount(1);
  await expect(dialog.locator('input[name="name"]')).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath("new-dir-desktop.png") });

  // The field, Cancel, Create (prompt-confirm), and round again — both ways.
  expect(await focusTrail(page, "Tab", 4)).toEqual([
    "dialog:Cancel",
    "dialog:prompt-confirm",
    "dialog:name",
    "dialog:Cancel",
  ]);
  expect(await focusTrail(page, "Shift+Tab", 4)).toEqual([
    "dialog:name",
    "dialog:prompt-confirm",
    "dialog:Cancel",
    "dialog:name",
  ]);

  // The page behind takes neither the focus nor the pointer.
  const behind = page.getByTestId("sidebar-newFile");
  await behind.evaluate((el) => (el as HTMLElement).focus());
  expect(await focused(page)).toBe("dialog:name");
  expect(await hitAtCentreOf(page, behind)).toBe("dialog");
  expect(await hitAtCentreOf(page, item(page, "a.tex"))).toBe("dialog");
  // Keys meant for the listing do nothing behind the dialog.
  await page.keyboard.press("F2");
  await expect(page.getByTestId("prompt-rename")).toHaveCount(0);

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test("a click on the dimmed page closes the dialog and reaches nothing behind it", async ({
  page,
}) => {
  const user = userWithFiles({ "a.tex": "A" }, EDITOR);
  await loginAndOpen(page, user);
  const opener = page.getByTestId("sidebar-newDir");
  await opener.click();
  const dialog = page.getByTestId("prompt-new-dir");
  await expect(dialog).toBeVisible();

  const behind = page.getByTestId("sidebar-newFile");
  const box = await behind.boundingBox();
  if (!box) throw new Error("no box");
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(dialog).toHaveCount(0);
  // The new-file button under the pointer was not pressed.
  await expect(page.getByTestId("prompt-new-file")).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test("move: Escape in the picker's new-folder field closes the field, then the dialog", async ({
  page,
}) => {
  const user = userWithFiles({ "Opuscula/a.tex": "A", "Stampe/x.pdf": "X" }, EDITOR);
  await loginAndOpen(page, user, "/files/Opuscula/");
  await item(page, "a.tex").click();
  const opener = page.getByTestId("action-move");
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByTestId("prompt-move");
  await expect(dialog.getByTestId("folder-picker")).toBeVisible();

  // Every Tab stop is in the dialog, and the trail comes round (Move is disabled: nothing
  // to focus first, so the dialog itself has the focus).
  expect(await focused(page)).toBe("dialog:prompt-move");
  const trail = await focusTrail(page, "Tab", 12);
  expect(trail.every((stop) => stop.startsWith("dialog:"))).toBe(true);
  expect(trail.indexOf(trail[0] ?? "", 1)).toBeGreaterThan(0);
  const back = await focusTrail(page, "Shift+Tab", 12);
  expect(back.every((stop) => stop.startsWith("dialog:"))).toBe(true);
  expect(back.indexOf(back[0] ?? "", 1)).toBeGreaterThan(0);

  await dialog.getByTestId("folder-picker-new").click();
  const name = dialog.getByTestId("folder-picker-new-name");
  await expect(name).toBeVisible();
  await expect(name).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(name).toHaveCount(0);
  await expect(dialog).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test("an error toast over an open dialog can be read and dismissed", async ({ page }) => {
  const user = userWithFiles({ "a.tex": "A" }, EDITOR);
  await loginAndOpen(page, user);
  await page.getByTestId("sidebar-newFile").click();
  const dialog = page.getByTestId("prompt-new-file");
  // A file of that name exists: 409, the prompt stays open and a toast says why.
  await dialog.locator('input[name="name"]').fill("a.tex");
  await page.keyboard.press("Enter");
  const toast = page.getByTestId("toast-error");
  await expect(toast).toBeVisible();
  await expect(dialog).toBeVisible();
  await toast.getByTestId("toast-dismiss").click();
  await expect(toast).toHaveCount(0);
  await expect(dialog).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the dialog fits the screen and keeps the focus inside", async ({ page }, testInfo) => {
    const user = userWithFiles({ "a.tex": "A" }, EDITOR);
    await loginAndOpen(page, user);
    await item(page, "a.tex").click();
    await page.keyboard.press("Delete");
    const dialog = page.getByTestId("prompt-delete");
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(15);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: testInfo.outputPath("delete-phone.png") });
    const trail = await focusTrail(page, "Tab", 3);
    expect(trail.every((stop) => stop.startsWith("dialog:"))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
  });
});
