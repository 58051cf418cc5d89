import { admin, createUser, expect, loginAndOpen, test } from "../support/fixtures.js";

test("an admin sets the branding name, colour and dark theme; a visitor's login page shows them", async ({
  page,
  browser,
}) => {
  await loginAndOpen(page, admin(), "/settings/global/branding");
  const form = page.getByTestId("global-branding-form");
  await form.getByTestId("global-branding-name").fill("Edizione Maurolico");
  await form.getByTestId("global-branding-color").fill("#8a2be2");
  await form.getByTestId("global-branding-theme").selectOption("dark");
  await form.getByTestId("global-branding-submit").click();
  await expect(page.getByTestId("toast-success")).toBeVisible();
  try {
    const visitor = await browser.newContext({ colorScheme: "light" });
    const login = await visitor.newPage();
    await login.goto("/login");
    await expect(login).toHaveTitle(/Edizione Maurolico/);
    await expect(login.locator(".login-card__name")).toHaveText("Edizione Maurolico");
    await expect(login.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#8a2be2");
    await expect(login.locator("html")).toHaveAttribute("data-theme", "dark");
    const accent = await login.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--accent").trim(),
    );
    expect(accent).toBe("#8a2be2");
    await visitor.close();
  } finally {
    // Back to the suite's defaults for the other tests.
    await page.reload();
    const again = page.getByTestId("global-branding-form");
    await again.getByTestId("global-branding-name").fill("");
    await again.getByTestId("global-branding-color").fill("");
    await again.getByTestId("global-branding-theme").selectOption("");
    await again.getByTestId("global-branding-submit").click();
    await expect(page.getByTestId("toast-success").last()).toBeVisible();
  }
});

test("an admin changes the versions' size limit and the activity log's days; a reload keeps them", async ({
  page,
}) => {
  // Two sections (issue 31), each saved by its own button.
  await loginAndOpen(page, admin(), "/settings/global/versions");
  const versions = page.getByTestId("global-versions-form");
  const activity = page.getByTestId("global-activity-form");
  const size = versions.getByTestId("global-versions-max-size");
  const days = activity.getByTestId("global-activity-days");
  const toActivity = () => page.getByTestId("global-section-activity").click();
  const toVersions = () => page.getByTestId("global-section-versions").click();
  const beforeSize = await size.inputValue();
  await toActivity();
  const beforeDays = await days.inputValue();
  try {
    await toVersions();
    await size.fill("2048");
    await expect(versions).toContainText("Files larger than 2.00 GiB keep no versions.");
    await versions.getByTestId("global-versions-submit").click();
    await expect(page.getByTestId("toast-success")).toBeVisible();
    await toActivity();
    await days.fill("90");
    await activity.getByTestId("global-activity-submit").click();
    await expect(page.getByTestId("toast-success").last()).toBeVisible();
    await page.reload();
    await expect(days).toHaveValue("90");
    await toVersions();
    await expect(size).toHaveValue("2048");
  } finally {
    // Back to the suite's values for the other tests.
    await page.goto("/settings/global/versions");
    await size.fill(beforeSize);
    await versions.getByTestId("global-versions-submit").click();
    await expect(page.getByTestId("toast-success").last()).toBeVisible();
    await toActivity();
    await days.fill(beforeDays);
    await activity.getByTestId("global-activity-submit").click();
    await expect(page.getByTestId("toast-success").last()).toBeVisible();
  }
});

test("the profile shows the password length rule before anything is sent", async ({ page }) => {
  const user = createUser();
  await loginAndOpen(page, user, "/settings/profile");
  const hint = page.getByTestId("password-length");
  await expect(hint).toContainText("12");
  await page.getByTestId("password-current").fill(user.password);
  await page.getByTestId("password-new").fill("too-short");
  await page.getByTestId("password-confirm").fill("too-short");
  await expect(hint).toHaveClass(/password-hint--bad/);
  await expect(page.getByTestId("password-submit")).toBeDisabled();
  await page.getByTestId("password-new").fill("long-enough-password");
  await expect(page.getByTestId("password-new")).toHaveClass(/input--red/);
  await page.getByTestId("password-confirm").fill("long-enough-password");
  await expect(page.getByTestId("password-new")).toHaveClass(/input--green/);
  await expect(hint).not.toHaveClass(/password-hint--bad/);
  await expect(page.getByTestId("password-submit")).toBeEnabled();
  await page.getByTestId("password-submit").click();
  await expect(page.getByTestId("toast-success")).toBeVisible();
});

test("a user ends their other session from the profile; that browser is sent to login", async ({
  page,
  browser,
}) => {
  const user = createUser();
  const laptop = await browser.newContext();
  const other = await laptop.newPage();
  await loginAndOpen(other, user);
  await loginAndOpen(page, user, "/settings/profile");
  const list = page.getByTestId("sessions");
  // Both logins are this browser's: one group of two (issue 31).
  const item = page.getByTestId("sessions-item");
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute("data-count", "2");
  await expect(list).toContainText("this device");
  await page.getByTestId("sessions-end").click();
  await expect(item).toHaveAttribute("data-count", "1");
  await expect(page.getByTestId("sessions-end")).toHaveCount(0);
  // The other browser's next request fails and it goes to the login page.
  await other.reload();
  await other.waitForURL(/\/login/);
  await laptop.close();
});
