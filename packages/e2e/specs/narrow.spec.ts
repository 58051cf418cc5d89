import { fileURLToPath } from "node:url";
import { createUser, expect, login, test } from "../support/fixtures.js";

const SCREENSHOTS = fileURLToPath(new URL("../../../docs/screenshots/", import.meta.url));

test.use({ viewport: { width: 375, height: 740 } });

test("the narrow layout hides the sidebar behind the menu button", async ({ page }) => {
  const user = createUser();
  await page.goto("/login");
  await expect(page.locator('input[name="username"]')).toBeVisible();
  await login(page, user);
  await expect(page).toHaveURL(/\/files\/$/);

  const myFiles = page.getByTestId("sidebar-my-files");
  await expect(myFiles).toBeHidden();
  await page.getByTestId("menu-button").click();
  await expect(myFiles).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}narrow-sidebar.png`, animations: "disabled" });
  await page.getByTestId("sidebar-settings").click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(myFiles).toBeHidden();
  // Nothing overflows the 375 px screen.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});
