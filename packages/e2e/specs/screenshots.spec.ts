import { fileURLToPath } from "node:url";
import { createUser, expect, loginAndOpen, test } from "../support/fixtures.js";

/** The README's pictures of the main screens, in both themes (the theme follows the system). */
const SCREENSHOTS = fileURLToPath(new URL("../../../docs/screenshots/", import.meta.url));

for (const scheme of ["light", "dark"] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test(`listing, editor and preview (${scheme})`, async ({ page }) => {
      const user = createUser(["--scope", "/Maurolico", "--viewMode", "mosaic"]);
      await loginAndOpen(page, user, "/files/Manoscritti/");
      await expect(page.getByTestId("listing-item")).toHaveCount(3);
      await expect
        .poll(() =>
          page
            .locator("img")
            .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)),
        )
        .toBe(true);
      await expect(page.locator("#loading")).toHaveCount(0);
      await page.screenshot({
        path: `${SCREENSHOTS}listing-${scheme}.png`,
        animations: "disabled",
      });

      await page.goto("/files/Opuscula/varia-de-centris.tex");
      await expect(page.locator(".cm-content")).toContainText("ElencoTestimoni");
      await expect(page.locator("#loading")).toHaveCount(0);
      await page.screenshot({ path: `${SCREENSHOTS}editor-${scheme}.png`, animations: "disabled" });

      await page.goto("/files/Manoscritti/folio-001r.jpg");
      const image = page.getByTestId("preview-image");
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await expect(page.locator("#loading")).toHaveCount(0);
      await page.screenshot({
        path: `${SCREENSHOTS}preview-${scheme}.png`,
        animations: "disabled",
      });
    });
  });
}

test.describe("Arabic, right to left", () => {
  test.use({ locale: "ar-EG" });

  test("listing and editor in Arabic: the page runs right to left, code and names left to right", async ({
    page,
  }) => {
    const user = createUser(["--scope", "/Maurolico", "--viewMode", "list", "--locale", "ar"]);
    await loginAndOpen(page, user, "/files/Opuscula/");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("listing-item").first()).toBeVisible();
    await expect(page.locator("#loading")).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}listing-ar.png`, animations: "disabled" });

    await page.goto("/files/Opuscula/varia-de-centris.tex");
    const content = page.locator(".cm-content");
    await expect(content).toContainText("ElencoTestimoni");
    // The code reads left to right: its lines start at the left edge of the editor.
    await expect(page.locator(".cm-editor")).toHaveAttribute("dir", "ltr");
    const line = await page.locator(".cm-line").first().boundingBox();
    const editor = await content.boundingBox();
    expect(line && editor && line.x - editor.x).toBeLessThan(20);
    await expect(page.locator("#loading")).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}editor-ar.png`, animations: "disabled" });
  });
});

test.describe("phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a phone with a selection: every action of the bar within the screen", async ({ page }) => {
    const user = createUser(["--scope", "/Maurolico", "--viewMode", "list"]);
    await loginAndOpen(page, user, "/files/Opuscula/");
    const items = page.getByTestId("listing-item");
    await items.first().click();
    await items.nth(1).click({ modifiers: ["Control"] });
    const bar = page.getByTestId("selection-bar");
    await expect(bar).toBeVisible();
    // Info is offered for several items, and no button of the bar is cut off.
    await expect(bar.getByTestId("selection-action-info")).toBeVisible();
    const boxes = await bar
      .locator("button")
      .evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().toJSON() as DOMRect));
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(390);
    }
    // The header keeps the name readable.
    const brand = page.locator(".app-header__brand span");
    expect(await brand.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(page.locator("#loading")).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOTS}phone-selection.png`, animations: "disabled" });
  });
});
