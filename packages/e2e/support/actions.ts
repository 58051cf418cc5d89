import type { Page } from "@playwright/test";

/**
 * The header's and the phone selection bar's actions (issue 31): the primary ones are icon
 * buttons, the edition tools items of the "Edition" menu, the others items of "More actions".
 */
const PRIMARY = new Set([
  "search",
  "share",
  "rename",
  "copy",
  "move",
  "delete",
  "download",
  "upload",
  "switchView",
  "info",
  "clearSelection",
]);

const visible = (ids: string[]) => ids.map((id) => `[data-testid="${id}"]:visible`).join(", ");

/** The button of the menu that holds the action, in the header or the selection bar. */
function menuOf(page: Page, id: string) {
  const kind = id.startsWith("tool-") ? "edition" : "more";
  return page.locator(visible([`header-${kind}`, `selection-${kind}`])).first();
}

/** The action's button or menu item, wherever the layout puts it. */
export function actionLocator(page: Page, id: string) {
  return page.locator(visible([`action-${id}`, `selection-action-${id}`])).first();
}

/**
 * Opens the menu that holds the action (Edition for the tools, More for the rest): on a phone
 * with a selection, the selection bar's when it has the action, else the header's.
 */
export async function openMenuOf(page: Page, id: string): Promise<void> {
  const kind = id.startsWith("tool-") ? "edition" : "more";
  for (const place of ["selection", "header"]) {
    const toggle = page.locator(visible([`${place}-${kind}`]));
    if ((await toggle.count()) === 0) continue;
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    if ((await actionLocator(page, id).count()) > 0) return;
    await page.keyboard.press("Escape");
  }
  // Not there yet (the page is still loading): wait for a menu button and open it.
  const toggle = menuOf(page, id);
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
}

/**
 * Runs an action: its icon button, or its item in the menu that holds it. A primary action a
 * phone's header has no room for is in "More actions" too.
 */
export async function runAction(page: Page, id: string): Promise<void> {
  const target = actionLocator(page, id);
  if (!PRIMARY.has(id) || (await target.count()) === 0) await openMenuOf(page, id);
  await target.click();
}

/** The ids of the actions a menu offers (opened, read, closed with Escape); [] without it. */
export async function menuActions(page: Page, kind: "edition" | "more"): Promise<string[]> {
  const toggle = page.locator(visible([`header-${kind}`, `selection-${kind}`])).first();
  if ((await toggle.count()) === 0) return [];
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  const testId = await toggle.getAttribute("data-testid");
  const menu = page.getByTestId(`${testId}-menu`);
  const ids = await menu
    .locator("[role^=menuitem]")
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.testid ?? ""));
  await page.keyboard.press("Escape");
  return ids.map((id) => id.replace(/^(selection-)?action-/, ""));
}
