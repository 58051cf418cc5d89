import { fileURLToPath } from "node:url";
import { admin, createUser, expect, login, test } from "../support/fixtures.js";

const SCREENSHOTS = fileURLToPath(new URL("../../../docs/screenshots/", import.meta.url));

test("the admin logs in with the printed password and sees the app frame", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login\?redirect=/);
  // The app's own version (issue 31), and nothing the admin did not write.
  await expect(page.getByTestId("login-version")).toHaveText(/^version \d+\.\d+\.\d+/);
  await expect(page.getByTestId("login-about")).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}login.png` });

  await login(page, admin());
  await expect(page).toHaveURL(/\/files\/$/);
  await expect(page.getByTestId("sidebar-my-files")).toBeVisible();
  await expect(page.getByTestId("sidebar-logout")).toBeVisible();
  await expect(page).toHaveTitle(/Scriptorium/);
  await page.screenshot({ path: `${SCREENSHOTS}main-layout.png` });
});

test("a wrong password shows the wrong-credentials message", async ({ page }) => {
  await page.goto("/login");
  await login(page, { username: "admin", password: "certainly-not-it" });
  await expect(page.getByText("Wrong credentials")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test("login sends the user back to the page they asked for", async ({ page }) => {
  const user = createUser();
  await page.goto("/settings/profile");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings%2Fprofile/);
  await login(page, user);
  await expect(page).toHaveURL(/\/settings\/profile$/);
});

test("a non-admin opening an admin page gets the forbidden page", async ({ page }) => {
  const user = createUser();
  await page.goto("/login");
  await login(page, user);
  await expect(page).toHaveURL(/\/files\/$/);
  await page.goto("/settings/users");
  await expect(page).toHaveURL(/\/403$/);
});

test("logout ends the session on the server and returns to the login page", async ({
  page,
  request,
}) => {
  const user = createUser();
  await page.goto("/login");
  await login(page, user);
  await expect(page).toHaveURL(/\/files\/$/);
  const token = await page.evaluate(() => localStorage.getItem("jwt"));
  expect(token).toBeTruthy();
  const before = await request.get("/api/users/1", { headers: { "X-Auth": token ?? "" } });
  expect(before.status()).not.toBe(401);

  await page.getByTestId("sidebar-logout").click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem("jwt"))).toBeFalsy();
  const after = await request.post("/api/renew", { headers: { "X-Auth": token ?? "" } });
  expect(after.status()).toBe(401);
  // A logged-out user is sent back to the login page.
  await page.goto("/files/");
  await expect(page).toHaveURL(/\/login/);
});
