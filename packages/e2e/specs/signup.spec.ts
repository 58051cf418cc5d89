import { expect, test } from "../support/fixtures.js";

test("signup refuses mismatched passwords, then creates the account and logs in", async ({
  page,
}) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Create an account" }).click();
  const name = `signup${Date.now().toString(36)}`;
  await page.locator('input[name="username"]').fill(name);
  await page.locator('input[name="password"]').fill("a-long-password-1");
  await page.locator('input[name="passwordConfirm"]').fill("a-long-password-2");
  await page.locator('button[type="submit"]').click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await page.locator('input[name="passwordConfirm"]').fill("a-long-password-1");
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/files\/$/);
  await expect(page.getByTestId("sidebar-logout")).toBeVisible();
});
