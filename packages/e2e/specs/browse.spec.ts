import type { Page } from "@playwright/test";
import { createUser, expect, loginAndOpen, test } from "../support/fixtures.js";

const item = (page: Page, name: string) =>
  page.locator(`[data-testid="listing-item"][data-name="${name}"]`);

test("browse the edition's folders with the breadcrumbs", async ({ page }) => {
  const user = createUser(["--scope", "/Maurolico"]);
  await loginAndOpen(page, user);
  for (const name of ["Opuscula", "Manoscritti", "Stampe", "Lettere", "Registro"]) {
    await expect(item(page, name)).toBeVisible();
  }
  await item(page, "Lettere").dblclick();
  await expect(page).toHaveURL(/\/files\/Lettere\/$/);
  await item(page, "1560").dblclick();
  await item(page, "Messina").dblclick();
  await item(page, "Ottobre").dblclick();
  await expect(page).toHaveURL(/\/files\/Lettere\/1560\/Messina\/Ottobre\/$/);
  await expect(item(page, "lettera.tex")).toBeVisible();
  const crumbs = page.getByTestId("breadcrumbs");
  await expect(crumbs).toContainText("...");
  await expect(crumbs).toContainText("Ottobre");
  await expect(crumbs).not.toContainText("Lettere");
  await crumbs.getByRole("link", { name: "Messina" }).click();
  await expect(page).toHaveURL(/\/files\/Lettere\/1560\/Messina\/$/);
  await crumbs.getByRole("link", { name: /My files/ }).click();
  await expect(page).toHaveURL(/\/files\/$/);
});

test("view modes and sorting are saved and survive a reload", async ({ page }) => {
  const user = createUser(["--scope", "/Maurolico", "--viewMode", "list"]);
  await loginAndOpen(page, user, "/files/Opuscula/");
  const listing = page.getByTestId("listing");
  await expect(listing).toHaveAttribute("data-view", "list");
  await page.getByTestId("action-switchView").click();
  await expect(listing).toHaveAttribute("data-view", "mosaic");
  await page.getByTestId("action-switchView").click();
  await expect(listing).toHaveAttribute("data-view", "mosaic gallery");
  await page.reload();
  await expect(page.getByTestId("listing")).toHaveAttribute("data-view", "mosaic gallery");
  await page.getByTestId("action-switchView").click();
  await expect(listing).toHaveAttribute("data-view", "list");

  const names = () =>
    page
      .getByTestId("listing-item")
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-name")));
  await expect.poll(names).toEqual(["citlonga.tex", "figura.tex", "varia-de-centris.tex"]);
  await page.getByTestId("sort-size").click();
  await expect.poll(names).toEqual(["varia-de-centris.tex", "figura.tex", "citlonga.tex"]);
  await page.getByTestId("sort-size").click();
  await expect.poll(names).toEqual(["citlonga.tex", "figura.tex", "varia-de-centris.tex"]);
  await page.getByTestId("sort-name").click();
  await page.getByTestId("sort-name").click();
  await expect.poll(names).toEqual(["varia-de-centris.tex", "figura.tex", "citlonga.tex"]);
  await page.reload();
  await expect.poll(names).toEqual(["varia-de-centris.tex", "figura.tex", "citlonga.tex"]);
  await expect(page.getByTestId("sort-name")).toHaveAttribute("data-order", "desc");
});

test("selection with shift and ctrl, select all and Escape", async ({ page }) => {
  const user = createUser(["--scope", "/Maurolico", "--viewMode", "list"]);
  await loginAndOpen(page, user, "/files/Opuscula/");
  const selected = () =>
    page
      .locator('[data-testid="listing-item"][aria-selected="true"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-name")));
  await item(page, "citlonga.tex").click();
  await item(page, "varia-de-centris.tex").click({ modifiers: ["Shift"] });
  await expect.poll(selected).toEqual(["citlonga.tex", "figura.tex", "varia-de-centris.tex"]);
  await item(page, "figura.tex").click({ modifiers: ["Control"] });
  await expect.poll(selected).toEqual(["citlonga.tex", "varia-de-centris.tex"]);
  await page.keyboard.press("Escape");
  await expect.poll(selected).toEqual([]);
  await page.keyboard.press("Control+a");
  await expect.poll(selected).toHaveLength(3);
  await page.reload();
  await expect.poll(selected).toHaveLength(3);
});

test("a folder of 20,000 entries renders and scrolls to its end", async ({ page }) => {
  const user = createUser(["--scope", "/Maurolico", "--viewMode", "list"]);
  await loginAndOpen(page, user, "/files/Registro/");
  await expect(page.getByTestId("listing")).toHaveAttribute("data-count", "20000");
  await expect(item(page, "voce-00001.txt")).toBeVisible();
  expect(await page.getByTestId("listing-item").count()).toBeLessThan(200);
  for (let i = 0; i < 5; i++) await page.mouse.wheel(0, 20_000);
  await expect(item(page, "voce-00001.txt")).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(item(page, "voce-20000.txt")).toBeVisible();
});

test("the info dialog shows the sha256 computed by the server", async ({ page }) => {
  const user = createUser(["--scope", "/Maurolico", "--viewMode", "list"]);
  await loginAndOpen(page, user, "/files/Opuscula/");
  await item(page, "citlonga.tex").click();
  await page.getByTestId("action-info").click();
  const info = page.getByTestId("prompt-info");
  await expect(info.getByTestId("info-name")).toContainText("citlonga.tex");
  await info.getByTestId("info-checksum-sha256").click();
  const { createHash } = await import("node:crypto");
  const { readFileSync } = await import("node:fs");
  const { FIXTURES } = await import("../support/tree.js");
  const expected = createHash("sha256")
    .update(readFileSync(`${FIXTURES}/citlonga.tex`))
    .digest("hex");
  await expect(info.getByTestId("info-checksum-sha256")).toHaveText(new RegExp(expected));
  await page.keyboard.press("Escape");
  await expect(info).toHaveCount(0);
});
