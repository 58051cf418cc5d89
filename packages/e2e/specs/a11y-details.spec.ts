import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { admin, expect, loginAndOpen, scopeDir, test, userWithFiles } from "../support/fixtures.js";
import { runAction } from "../support/actions.js";

/* Issue 15's smaller points, each as a user meets it. */

test.use({ actionTimeout: 10_000 });

const item = (page: Page, name: string) =>
  page.locator(`[data-testid="listing-item"][data-name="${name}"]`);

test.describe("an Italian browser", () => {
  test.use({ locale: "it-IT" });

  test("before login the page follows the browser's languages", async ({ page }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
    await expect(page.locator('button[type="submit"]')).toHaveText("Accedi");
    await expect(page.locator('input[name="username"]')).toHaveAttribute(
      "placeholder",
      "Nome utente",
    );
  });
});

test("Info with several items selected shows how many, and their total size", async ({ page }) => {
  const user = userWithFiles({ "a.txt": "12345", "b.txt": "123", "Cartella/c.txt": "x" });
  await loginAndOpen(page, user);
  await item(page, "a.txt").click();
  await item(page, "b.txt").click({ modifiers: ["Control"] });
  await item(page, "Cartella").click({ modifiers: ["Control"] });
  await page.getByTestId("action-info").click();
  const info = page.getByTestId("prompt-info");
  await expect(info.getByTestId("info-count")).toHaveText("3 selected");
  await expect(info.getByTestId("info-dirs")).toHaveText("1");
  await expect(info.getByTestId("info-files")).toHaveText("2");
  await expect(info.getByTestId("info-size")).toHaveText("8 B");
});

test("Unzip is offered on an archive's own page, into the folder it is in", async ({ page }) => {
  const work = mkdtempSync(path.join(tmpdir(), "scriptorium-a11y-zip-"));
  mkdirSync(path.join(work, "carte"));
  writeFileSync(path.join(work, "carte", "c1.txt"), "carta uno");
  execFileSync("zip", ["-qr", path.join(work, "Archivio.zip"), "carte"], { cwd: work });
  const user = userWithFiles({
    "Lettere/Archivio.zip": readFileSync(path.join(work, "Archivio.zip")),
  });
  await loginAndOpen(page, user, "/files/Lettere/Archivio.zip");
  await runAction(page, "unzip");
  const prompt = page.getByTestId("prompt-unzip");
  await expect(prompt).toBeVisible();
  await page.getByTestId("unzip-submit").click();
  await expect
    .poll(() => existsSync(path.join(scopeDir(user), "Lettere", "carte", "c1.txt")))
    .toBe(true);
});

test("icon buttons name themselves in a tooltip on keyboard focus; Escape hides it", async ({
  page,
}) => {
  const user = userWithFiles({ "a.txt": "a" });
  await loginAndOpen(page, user);
  const search = page.getByTestId("action-search");
  await search.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  const tooltip = page.getByTestId("tooltip");
  await expect(tooltip).toHaveText("Search");
  await expect(tooltip).toBeInViewport();
  await page.keyboard.press("Escape");
  await expect(tooltip).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("Escape closes the navigation drawer and gives the focus back to its button", async ({
    page,
  }) => {
    const user = userWithFiles({ "a.txt": "a" });
    await loginAndOpen(page, user);
    const menu = page.getByTestId("menu-button");
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("sidebar-my-files")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("sidebar-my-files")).toBeHidden();
    await expect(menu).toBeFocused();
  });
});

test("an error's Report issue button leads to the address the admin set, and none without one", async ({
  page,
  request,
}) => {
  const login = await request.post("/api/login", { data: admin() });
  const headers = { "X-Auth": await login.text() };
  const settings = (await (await request.get("/api/settings", { headers })).json()) as {
    branding: Record<string, unknown>;
  };
  const setReport = async (reportUrl: string) => {
    const res = await request.put("/api/settings", {
      headers,
      data: { ...settings, branding: { ...settings.branding, reportUrl } },
    });
    expect(res.ok(), await res.text()).toBe(true);
  };
  const user = userWithFiles({ "a.txt": "a", "B/.keep": "" });
  const renameOntoFolder = async () => {
    await item(page, "a.txt").click();
    await expect(item(page, "a.txt")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("F2");
    await page.getByTestId("prompt-rename").locator("input").fill("B");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("toast-error")).toBeVisible();
  };
  try {
    await setReport("");
    await loginAndOpen(page, user);
    await renameOntoFolder();
    await expect(page.getByTestId("toast-report")).toHaveCount(0);

    await setReport("https://tracker.example.org/edizione/issues/new");
    // A reload keeps the selection (SPEC.md §2): the file is still selected.
    await page.reload();
    await expect(item(page, "a.txt")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("F2");
    await page.getByTestId("prompt-rename").locator("input").fill("B");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("toast-error")).toBeVisible();
    // The tracker is answered here (the test machine has no network).
    await page
      .context()
      .route("https://tracker.example.org/**", (route) =>
        route.fulfill({ contentType: "text/html", body: "<title>tracker</title>" }),
      );
    const popup = page.waitForEvent("popup");
    await page.getByTestId("toast-report").click();
    const opened = await popup;
    await opened.waitForLoadState();
    expect(opened.url()).toBe("https://tracker.example.org/edizione/issues/new");
  } finally {
    await setReport("");
  }
});
