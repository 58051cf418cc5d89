import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { admin, createUser, expect, login, loginAndOpen, test } from "../support/fixtures.js";
import { e2eState } from "../support/state.js";

test("an admin creates a user with a scope and a rule; the user sees only what the rule allows; then edits and deletes them", async ({
  page,
  browser,
}) => {
  const name = `ada${Date.now().toString(36)}`;
  const password = "ada-long-password-1";
  const scope = path.join(e2eState().root, "team", name);
  mkdirSync(path.join(scope, "drafts"), { recursive: true });
  mkdirSync(path.join(scope, "published"), { recursive: true });
  writeFileSync(path.join(scope, "drafts", "secret.tex"), "\\section{Draft}\n");
  writeFileSync(path.join(scope, "published", "book.tex"), "\\section{Book}\n");

  await loginAndOpen(page, admin(), "/settings/users");
  await expect(page.getByTestId("users-table")).toContainText("admin");
  await page.getByTestId("users-new").click();
  await page.waitForURL(/\/settings\/users\/new$/);
  await page.getByTestId("user-username").fill(name);
  await page.getByTestId("user-password").fill(password);
  // The folder picker chooses the scope; the text field can also be typed in.
  await page.getByTestId("user-scope-browse").click();
  const picker = page.getByTestId("user-scope-picker");
  await picker.getByText("team", { exact: true }).dblclick();
  await picker.getByText(name, { exact: true }).click();
  await expect(page.getByTestId("user-scope")).toHaveValue(`/team/${name}`);
  await page.getByTestId("user-scope-browse").click();
  await page.getByTestId("user-scope").fill(`/team/${name}`);
  await page.getByTestId("perm-delete").uncheck();
  // A rule: first invalid (the form says where), then the path rule that hides drafts.
  await page.getByTestId("user-rules-add").click();
  await page.getByTestId("user-rules-regex").check();
  await page.getByTestId("user-rules-text").fill("drafts(");
  await expect(page.getByRole("alert").filter({ hasText: "Rule 1" })).toContainText("at its end");
  await expect(page.getByTestId("user-submit")).toBeDisabled();
  await page.getByTestId("user-rules-regex").uncheck();
  await page.getByTestId("user-rules-text").fill("/drafts");
  await page.getByTestId("user-rules-preview").click();
  await expect(page.getByTestId("user-rules-preview-result")).toContainText("/drafts");
  await page.getByTestId("user-submit").click();
  await expect(page.getByTestId("toast-success")).toBeVisible();
  await page.waitForURL(/\/settings\/users\/\d+$/);
  const userUrl = new URL(page.url()).pathname;

  // The new user, in a browser of their own, sees published/ and not drafts/.
  const other = await browser.newContext();
  const theirs = await other.newPage();
  await loginAndOpen(theirs, { username: name, password });
  await expect(theirs.getByText("published", { exact: true })).toBeVisible();
  await expect(theirs.getByText("drafts", { exact: true })).toHaveCount(0);
  const denied = await theirs.request.get("/api/resources/drafts/secret.tex", {
    headers: { "X-Auth": (await theirs.evaluate(() => localStorage.getItem("jwt"))) ?? "" },
  });
  expect(denied.status()).toBe(403);

  // The admin gives delete back, and sees the user's session on their page.
  await page.reload();
  await expect(page.getByTestId("user-sessions-list")).toContainText(/Chrome/);
  await page.getByTestId("perm-delete").check();
  await page.getByTestId("user-submit").click();
  await expect(page.getByTestId("toast-success")).toBeVisible();

  // Then deletes them: asked first; afterwards the user cannot log in.
  await page.getByTestId("user-delete").click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await page.waitForURL(/\/settings\/users$/);
  await expect(page.getByTestId("users-table")).not.toContainText(name);
  await page.goto(userUrl);
  const fresh = await browser.newContext();
  const again = await fresh.newPage();
  await again.goto("/login");
  await login(again, { username: name, password });
  await expect(again.getByTestId("login-error")).toBeVisible();
  await other.close();
  await fresh.close();
});

test("a non-admin is sent to /403 from the admin pages", async ({ page }) => {
  const user = createUser();
  await loginAndOpen(page, user);
  for (const to of ["/settings/users", "/settings/users/1", "/settings/global"]) {
    await page.goto(to);
    await page.waitForURL(/\/403$/);
  }
  // The settings menu offers them only their own pages.
  await page.goto("/settings/profile");
  await expect(page.getByTestId("settings-tab-profile")).toBeVisible();
  await expect(page.getByTestId("settings-tab-users")).toHaveCount(0);
});
