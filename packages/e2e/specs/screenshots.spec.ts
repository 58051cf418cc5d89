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
