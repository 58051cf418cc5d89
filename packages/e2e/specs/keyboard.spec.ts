import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, scopeDir, test, userWithFiles } from "../support/fixtures.js";

/*
 * Issue 15: a whole task with the keyboard alone — no click, no hover — from the login form
 * to a saved edit: a folder, three files selected with Shift+arrows, copied elsewhere through
 * the folder picker, one renamed with F2, one opened in the editor and saved with Ctrl+S.
 */

test.use({ actionTimeout: 10_000 });

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus; fails after `max`. */
async function tabTo(page: Page, target: Locator, back = false, max = 60): Promise<number> {
  for (let presses = 0; presses < max; presses++) {
    const focused =
      (await target.count()) > 0 && (await target.evaluate((el) => el === document.activeElement));
    if (focused) return presses;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab did not reach ${target.toString()} in ${max} presses`);
}

const selected = (page: Page) => page.locator('[data-testid="listing-item"][aria-selected="true"]');

test("the first Tab of a page reaches the skip link, which leads to the content", async ({
  page,
}) => {
  const user = userWithFiles({ "Lettere/prima.txt": "prima\n" });
  await page.goto("/login");
  await page.locator('input[name="username"]').fill(user.username);
  await page.locator('input[name="password"]').fill(user.password);
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/files\/$/);
  await page.reload();
  await expect(page.getByTestId("listing-item")).toHaveCount(1);
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("skip-link")).toBeFocused();
  await expect(page.getByTestId("skip-link")).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("#main")).toBeFocused();
  // Then the sidebar comes before the header's actions (Shift+Tab from the page's content).
  await page.keyboard.press("Shift+Tab");
  const active = () => page.evaluate(() => document.activeElement?.getAttribute("data-testid"));
  // The last of them is the "More actions" menu button (issue 31).
  expect(await active()).toMatch(/^(action-|header-more)/);
  const order: string[] = [];
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Shift+Tab");
    const id = (await active()) ?? "";
    order.push(id);
    if (id === "skip-link") break;
  }
  const firstAction = order.findIndex((id) => id.startsWith("action-"));
  const sidebar = order.indexOf("sidebar-my-files");
  // Backwards, the sidebar's entries come after every header action.
  expect(sidebar).toBeGreaterThan(firstAction);
  expect(order.slice(sidebar).some((id) => id.startsWith("action-"))).toBe(false);
});

test("log in, select, copy, rename and edit with the keyboard alone", async ({ page }) => {
  const user = userWithFiles(
    {
      "Lettere/a-prima.txt": "prima\n",
      "Lettere/b-seconda.txt": "seconda\n",
      "Lettere/c-terza.txt": "terza\n",
      "Lettere/d-quarta.tex": "\\Unit Quarta\n",
      "Copie/.keep": "",
    },
    ["--viewMode", "list"],
  );
  const scope = scopeDir(user);

  // Log in.
  await page.goto("/login");
  await tabTo(page, page.locator('input[name="username"]'));
  await page.keyboard.type(user.username);
  await page.keyboard.press("Tab");
  await expect(page.locator('input[name="password"]')).toBeFocused();
  await page.keyboard.type(user.password);
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/files\/$/);

  // Logged in, the focus is on the page's content.
  await expect(page.locator("#main")).toBeFocused();

  // The listing is one Tab stop; type-ahead finds the folder, Enter opens it.
  const listing = page.getByTestId("listing-items");
  await expect(page.getByTestId("listing-item")).toHaveCount(2);
  const presses = await tabTo(page, listing);
  expect(presses).toBeLessThan(12);
  await page.keyboard.type("let");
  await expect(page.locator(".item--active")).toHaveAttribute("data-name", "Lettere");
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/files\/Lettere\/$/);
  await expect(page.getByTestId("listing-item")).toHaveCount(4);
  await expect(listing).toBeFocused();

  // Three files with Shift+arrows.
  await page.keyboard.press("Home");
  await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("Shift+ArrowDown");
  await expect(selected(page)).toHaveCount(3);
  await expect(listing).toHaveAttribute("aria-activedescendant", /listing-option-2/);

  // Copy them to /Copie through the folder picker: back to the header's Copy button.
  await tabTo(page, page.getByTestId("action-copy"), true);
  await page.keyboard.press("Enter");
  const dialog = page.getByTestId("prompt-copy");
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByTestId("folder-picker-up"));
  await page.keyboard.press("Enter");
  const copie = dialog.locator('[data-testid="folder-picker-item"][data-name="Copie"]');
  await tabTo(page, copie);
  await page.keyboard.press(" ");
  await expect(copie).toHaveAttribute("aria-selected", "true");
  await tabTo(page, dialog.getByRole("button", { name: "Copy", exact: true }));
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  // Screen readers hear it: the page's polite live region says what happened.
  await expect(page.getByTestId("live-polite")).toContainText("Copied to");
  await expect.poll(() => existsSync(path.join(scope, "Copie", "c-terza.txt"))).toBe(true);
  expect(readFileSync(path.join(scope, "Copie", "a-prima.txt"), "utf8")).toBe("prima\n");
  expect(existsSync(path.join(scope, "Copie", "d-quarta.tex"))).toBe(false);

  // Rename one with F2: back to the listing, Escape clears the selection, Space picks one.
  await tabTo(page, listing);
  await page.keyboard.press("Escape");
  await expect(selected(page)).toHaveCount(0);
  await page.keyboard.press("Home");
  await page.keyboard.press(" ");
  await expect(selected(page)).toHaveCount(1);
  await page.keyboard.press("F2");
  const rename = page.getByTestId("prompt-rename");
  await expect(rename.locator("input")).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("a-prima-lettera.txt");
  await page.keyboard.press("Enter");
  await expect(rename).toBeHidden();
  await expect
    .poll(() => existsSync(path.join(scope, "Lettere", "a-prima-lettera.txt")))
    .toBe(true);

  // Open the transcription in the editor, change it, save with Ctrl+S.
  await tabTo(page, listing);
  await page.keyboard.type("d");
  await expect(page.locator(".item--active")).toHaveAttribute("data-name", "d-quarta.tex");
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/files\/Lettere\/d-quarta\.tex$/);
  // The editor loads on its own (a chunk of its own, then the file): Tab once it is there, as a
  // person would, rather than against a page that is still putting its focus in place.
  await expect(page.locator(".cm-content")).toBeVisible();
  await expect(page.getByTestId("editor-save")).toBeVisible();
  await tabTo(page, page.locator(".cm-content"));
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type("% letto\n");
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByTestId("editor-save")).toHaveAttribute("data-state", "saved");
  expect(readFileSync(path.join(scope, "Lettere", "d-quarta.tex"), "utf8")).toBe(
    "\\Unit Quarta\n% letto\n",
  );
});
