import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { axeViolations } from "../support/axe.js";
import { admin, createUser, expect, loginAndOpen, test } from "../support/fixtures.js";

/**
 * Issue 32, the web app's side of WebDAV: app passwords in the profile (created, shown once,
 * listed with their last use, revoked) and the WebDAV section of the global settings.
 */
const SCREENSHOTS = fileURLToPath(new URL("../../../docs/screenshots/", import.meta.url));
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** The caller's app passwords as the API lists them. */
async function listed(page: Page, user: { username: string; password: string }) {
  const login = await page.request.post("/api/login", { data: user });
  const res = await page.request.get("/api/app-passwords", {
    headers: { "X-Auth": await login.text() },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as { id: number; name: string; readOnly: boolean }[];
}

/** Nothing wider than the window: no sideways scrolling. */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const { width, height } of WIDTHS) {
  test(`app passwords at ${width} px: created and shown once with the username, listed as never used, revoked after a confirmation`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    const user = createUser();
    await loginAndOpen(page, user, "/settings/profile");
    const card = page.getByTestId("app-passwords");
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByTestId("dav-url")).toHaveText(new URL("/dav/", page.url()).toString());
    await expect(card.getByTestId("app-passwords-none")).toBeVisible();
    expect(await axeViolations(page, `app passwords card at ${width} px`)).toEqual([]);

    // Create: a read-only one for rclone, then a read-write one for TeXstudio.
    await card.getByLabel("Name").fill("rclone on the NAS");
    await card.getByLabel(/^Read only/).check();
    await card.getByTestId("app-passwords-create").click();
    const shown = card.getByTestId("app-passwords-created");
    await expect(shown).toBeVisible();
    await expect(shown).toContainText("it will not be shown again");
    await expect(shown.getByTestId("app-passwords-created-username")).toHaveText(user.username);
    const first = (await shown.getByTestId("app-passwords-created-password").textContent()) ?? "";
    expect(first.length).toBeGreaterThanOrEqual(16);
    await expect(shown.getByRole("heading")).toBeFocused();

    await card.getByLabel("Name").fill("TeXstudio");
    await card.getByTestId("app-passwords-create").click();
    await expect(shown).toContainText("App password for TeXstudio");
    const second = (await shown.getByTestId("app-passwords-created-password").textContent()) ?? "";
    expect(second).not.toBe(first);

    const items = card.getByTestId("app-passwords-item");
    await expect(items).toHaveCount(2);
    // Newest first.
    await expect(items.nth(0)).toContainText("TeXstudio");
    await expect(items.nth(0)).toContainText("Read and write");
    await expect(items.nth(1)).toContainText("rclone on the NAS");
    await expect(items.nth(1)).toContainText("Read only");
    await expect(card.getByTestId("app-passwords-last-used")).toHaveText([
      "Never used",
      "Never used",
    ]);
    await expect(card.getByTestId("app-passwords-count")).toHaveText("2 app passwords");
    expect(await axeViolations(page, `app password shown at ${width} px`)).toEqual([]);
    await expectNoOverflow(page);
    // The whole card in one window, so that the fixed header covers none of it.
    await page.setViewportSize({ width, height: 3000 });
    await card.screenshot({
      path: `${SCREENSHOTS}app-passwords-${width}.png`,
      animations: "disabled",
    });
    await page.setViewportSize({ width, height });

    // Shown once: gone after Done, and not there after a reload either.
    await shown.getByTestId("app-passwords-done").click();
    await expect(shown).toHaveCount(0);
    await page.reload();
    await expect(items).toHaveCount(2);
    await expect(page.locator("body")).not.toContainText(second);
    await expect(page.locator("body")).not.toContainText(first);

    // Revoke the read-only one: Cancel keeps it, Revoke ends it.
    await card.getByRole("button", { name: "Revoke rclone on the NAS" }).click();
    const prompt = page.getByTestId("prompt-confirm");
    await expect(prompt).toContainText("Revoke the app password rclone on the NAS?");
    expect(await axeViolations(page, `revoke question at ${width} px`)).toEqual([]);
    await page.getByTestId("confirm-cancel").click();
    await expect(prompt).toHaveCount(0);
    await expect(items).toHaveCount(2);
    await card.getByRole("button", { name: "Revoke rclone on the NAS" }).click();
    await page.getByTestId("confirm-ok").click();
    await expect(page.getByTestId("toast-success")).toContainText(
      "App password rclone on the NAS revoked",
    );
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText("TeXstudio");
    expect((await listed(page, user)).map((p) => p.name)).toEqual(["TeXstudio"]);
  });
}

test("the WebDAV section of the global settings: saved by its own button, kept after a reload", async ({
  page,
}) => {
  await loginAndOpen(page, admin(), "/settings/global/webdav");
  const form = page.getByTestId("global-webdav-form");
  const enabled = form.getByTestId("global-webdav-enabled");
  const account = form.getByTestId("global-webdav-account-password");
  const mac = form.getByTestId("global-webdav-mac-metadata");
  const save = form.getByTestId("global-webdav-submit");
  await expect(enabled).toBeChecked();
  await expect(account).not.toBeChecked();
  await expect(mac).not.toBeChecked();
  await expect(form.getByTestId("global-webdav-account-warning")).toContainText(
    "WebDAV clients store the password",
  );
  await expect(save).toBeDisabled();
  // The section is in the settings menu, after the activity log.
  await expect(page.getByRole("link", { name: "WebDAV" })).toHaveAttribute(
    "href",
    "/settings/global/webdav",
  );
  expect(await axeViolations(page, "global settings, webdav")).toEqual([]);

  try {
    await account.check();
    await mac.check();
    await save.click();
    await expect(page.getByTestId("toast-success").last()).toBeVisible();
    await expect(save).toBeDisabled();
    await page.reload();
    await expect(account).toBeChecked();
    await expect(mac).toBeChecked();
    await expect(enabled).toBeChecked();

    // At phone width the section reads and scrolls down, not sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(form).toBeVisible();
    await expectNoOverflow(page);
    expect(await axeViolations(page, "global settings, webdav, 390 px")).toEqual([]);
  } finally {
    // Back to the defaults, for the other specs.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/settings/global/webdav");
    await account.uncheck();
    await mac.uncheck();
    await save.click();
    await expect(save).toBeDisabled();
  }
});
