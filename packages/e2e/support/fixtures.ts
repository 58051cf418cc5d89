import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
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

/** The folder on disk that is a user's scope (users made by createUser get `/<username>`). */
export function scopeDir(user: { username: string }): string {
  return path.join(e2eState().root, user.username);
}

/** Creates a user whose scope holds `files` (path relative to the scope → content). */
export function userWithFiles(
  files: Record<string, string | Buffer>,
  flags: string[] = [],
): { username: string; password: string } {
  const user = createUser(flags);
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(scopeDir(user), rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
  return user;
}

/** Logs in from the login page and waits for the listing. */
export async function loginAndOpen(
  page: Page,
  user: { username: string; password: string },
  to = "/files/",
) {
  await page.goto(`/login?redirect=${encodeURIComponent(to)}`);
  await login(page, user);
  await page.waitForURL((url) => url.pathname === to.split("?")[0]);
  // The signed-in frame comes in a chunk of its own: its keys work once its content is there.
  await page.locator("main#main").waitFor();
}
