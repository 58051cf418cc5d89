import { createUser, expect, login, test } from "../support/fixtures.js";

test("switching the language to Italian and to Arabic (right to left) persists", async ({
  page,
}) => {
  const user = createUser();
  await page.goto("/login");
  await login(page, user);
  await expect(page).toHaveURL(/\/files\/$/);
  await page.goto("/settings/profile");

  const language = page.locator('select[name="locale"]');
  const save = page.getByTestId("preferences-submit");
  await language.selectOption("it");
  await save.click();
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(page.getByTestId("sidebar-my-files")).toHaveText(/I miei file/);

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(page.getByTestId("sidebar-my-files")).toHaveText(/I miei file/);

  await language.selectOption("ar");
  await save.click();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  // The sidebar sits on the right in a right-to-left layout.
  const nav = await page.getByTestId("sidebar-my-files").boundingBox();
  expect(nav && nav.x).toBeGreaterThan(640);

  await language.selectOption("en");
  await save.click();
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
});

test("the user's stored locale applies at login", async ({ page }) => {
  const user = createUser(["--locale", "it"]);
  await page.goto("/login");
  await login(page, user);
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
  await expect(page.getByTestId("sidebar-my-files")).toHaveText(/I miei file/);
});
