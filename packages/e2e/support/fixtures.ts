import { test as base, expect, type Page } from "@playwright/test";
import { cli } from "./server.js";
import { e2eState } from "./state.js";

export { expect };

/** Every test gets the suite server as its base URL. */
export const test = base.extend({
  // Playwright needs the (empty) fixtures object pattern here.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(`http://127.0.0.1:${e2eState().port}`);
  },
});

let counter = 0;

/** Creates a fresh user through the real CLI (the server reads the same database). */
export function createUser(flags: string[] = []): { username: string; password: string } {
  counter += 1;
  const username = `user${Date.now().toString(36)}${counter}`;
  const password = `pw-${username}-long`;
  cli([
    "users",
    "add",
    username,
    password,
    "-d",
    e2eState().db,
    "-r",
    e2eState().root,
    "--scope",
    `/${username}`,
    ...flags,
  ]);
  return { username, password };
}

export const admin = () => ({ username: "admin", password: e2eState().adminPassword });

/** Fills the login form and submits it. */
export async function login(
  page: Page,
  user: { username: string; password: string },
): Promise<void> {
  await page.locator('input[name="username"]').fill(user.username);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('button[type="submit"]').click();
}
