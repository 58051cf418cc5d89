import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { admin, expect, loginAndOpen, test, userWithFiles } from "../support/fixtures.js";

/*
 * Sharing from the owner's side (issue 12): the Share action and its dialog, and
 * Settings → Shares for the owner and for an admin. Every test has a user of its own.
 */

const SHARER = ["--viewMode", "list", "--perm.share=true", "--perm.download=true"];

const item = (page: Page, name: string) =>
  page.locator(`[data-testid="listing-item"][data-name="${name}"]`);

/** The token of a user, from the login API. */
async function tokenOf(request: APIRequestContext, user: { username: string; password: string }) {
  const res = await request.post("/api/login", { data: user });
  expect(res.status()).toBe(200);
  return res.text();
}

test("share a file with a password and an expiry; the link is listed and copied", async ({
  page,
  context,
  browser,
  request,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const user = userWithFiles({ "epistola.tex": "\\Unit Epistola\n" }, SHARER);
  await loginAndOpen(page, user);
  await item(page, "epistola.tex").click();
  await page.getByTestId("action-share").click();

  const dialog = page.getByTestId("prompt-share");
  // No link yet: the dialog opens on the form.
  await expect(dialog.getByTestId("share-form")).toBeVisible();
  await dialog.locator('input[name="duration"]').fill("3");
  await dialog.locator('select[name="unit"]').selectOption("days");
  await dialog.locator('input[name="password"]').fill("  sesamo aperto  ");
  await dialog.getByTestId("share-create").click();

  const link = dialog.getByTestId("share-link");
  await expect(link).toHaveCount(1);
  await expect(link.getByTestId("share-has-password")).toBeVisible();
  await expect(link.getByTestId("share-expiry")).toHaveText("Expires in 3 days");
  const hash = await link.getAttribute("data-hash");
  expect(hash).toBeTruthy();

  // What the server stored: a password link ending three days from now.
  const token = await tokenOf(request, user);
  const mine = await request.get("/api/shares", { headers: { "X-Auth": token } });
  const [stored] = (await mine.json()) as { hash: string; expire: number; hasPassword: boolean }[];
  expect(stored?.hash).toBe(hash);
  expect(stored?.hasPassword).toBe(true);
  expect(Math.abs((stored?.expire ?? 0) - (Date.now() / 1000 + 3 * 86400))).toBeLessThan(120);
  // The trimmed password opens it; nothing else does.
  const locked = await request.get(`/api/public/share/${hash}`);
  expect(locked.status()).toBe(401);
  const opened = await request.get(`/api/public/share/${hash}`, {
    headers: { "X-SHARE-PASSWORD": encodeURIComponent("sesamo aperto") },
  });
  expect(opened.status()).toBe(200);

  await link.getByTestId("share-copy").click();
  await expect(page.getByTestId("toast-success")).toContainText("Link copied!");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${baseURL}/share/${hash}`,
  );
  // The copied link in a fresh browser with no session: a wrong password, the right one, the file.
  const elsewhere = await browser.newContext({ baseURL, acceptDownloads: true });
  const visitor = await elsewhere.newPage();
  await visitor.goto(`/share/${hash}`);
  const prompt = visitor.getByTestId("share-password");
  await prompt.locator('input[name="share-password"]').fill("sesamo");
  await visitor.getByTestId("share-password-submit").click();
  await expect(prompt.getByRole("alert")).toHaveText("Wrong credentials");
  await prompt.locator('input[name="share-password"]').fill("sesamo aperto");
  await visitor.getByTestId("share-password-submit").click();
  const download = visitor.waitForEvent("download");
  await visitor.getByTestId("share-file").getByTestId("share-download").click();
  expect(readFileSync(await (await download).path(), "utf8")).toBe("\\Unit Epistola\n");
  await elsewhere.close();

  // The QR code carries the link too.
  await link.getByTestId("share-qr-toggle").click();
  await expect(link.getByTestId("share-qr").locator("svg")).toBeVisible();

  // Opening the dialog again starts on the list.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByTestId("action-share").click();
  await expect(page.getByTestId("prompt-share").getByTestId("share-link")).toHaveCount(1);
});

test("Settings → Shares lists the user's link and deletes it", async ({ page, request }) => {
  const user = userWithFiles({ "Scans/c1r.jpg": "jpeg" }, SHARER);
  const token = await tokenOf(request, user);
  const created = await request.post("/api/share/Scans/", {
    headers: { "X-Auth": token },
    data: { mode: "upload", maxUploads: 5 },
  });
  expect(created.status()).toBe(200);
  const { hash } = (await created.json()) as { hash: string };

  await loginAndOpen(page, user, "/settings/shares");
  const row = page.locator(`[data-testid="shares-row"][data-hash="${hash}"]`);
  await expect(row).toContainText("/Scans/");
  await expect(row).toContainText("Drop box");
  await expect(row).toContainText("Files received: 0 of 5");
  await expect(page.getByTestId("shares-owner")).toHaveCount(0);

  await row.getByTestId("shares-delete").click();
  await page.getByTestId("prompt-share-delete").getByTestId("share-delete-confirm").click();
  await expect(page.getByTestId("toast-success")).toContainText("Share deleted!");
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId("shares-empty")).toBeVisible();
  expect((await request.get(`/api/public/share/${hash}`)).status()).toBe(404);
});

test("an admin sees other users' links with the owner's name", async ({ page, request }) => {
  const owner = userWithFiles({ "lettera.tex": "\\Unit Lettera\n" }, SHARER);
  const token = await tokenOf(request, owner);
  const created = await request.post("/api/share/lettera.tex", {
    headers: { "X-Auth": token },
    data: { expires: "2", unit: "hours" },
  });
  expect(created.status()).toBe(200);
  const { hash } = (await created.json()) as { hash: string };

  await loginAndOpen(page, admin(), "/settings/shares");
  const row = page.locator(`[data-testid="shares-row"][data-hash="${hash}"]`);
  await expect(row.getByTestId("shares-owner")).toHaveText(owner.username);
  await expect(row).toContainText("/lettera.tex");
  await expect(row).toContainText("Expires in 2 hours");
  // Another user's path is not a link into the admin's own files.
  await expect(row.getByRole("link")).toHaveCount(0);
});

test("a drop box's dialog shows what a visitor sent", async ({ page, request }) => {
  const user = userWithFiles({ "Inbox/.keep": "" }, SHARER);
  await loginAndOpen(page, user);
  await item(page, "Inbox").click();
  await page.getByTestId("action-share").click();
  const dialog = page.getByTestId("prompt-share");
  await dialog.locator('input[name="mode"][value="upload"]').check();
  await dialog.locator('input[name="maxUploads"]').fill("3");
  await dialog.getByTestId("share-create").click();
  const link = dialog.getByTestId("share-link");
  await expect(link).toContainText("Files received: 0 of 3");
  const hash = await link.getAttribute("data-hash");

  // A visitor with no account sends a file through the drop box's resumable upload.
  const url = `/api/public/tus/${hash}/c1r.txt`;
  const started = await request.post(url, {
    headers: {
      "Upload-Length": "5",
      "Upload-Metadata": `uploader ${Buffer.from("Giulia R.").toString("base64")}`,
    },
  });
  expect(started.status()).toBe(201);
  const sent = await request.patch(url, {
    headers: { "Content-Type": "application/offset+octet-stream", "Upload-Offset": "0" },
    data: Buffer.from("carta"),
  });
  expect(sent.status()).toBe(204);

  await page.keyboard.press("Escape");
  await page.getByTestId("action-share").click();
  const again = page.getByTestId("prompt-share").getByTestId("share-link");
  await expect(again).toContainText("Files received: 1 of 3");
  await again.locator("summary").click();
  await expect(again.getByTestId("share-activity")).toContainText(
    // The name is isolated (U+2066 … U+2069) for right-to-left pages.
    /Giulia R\. uploaded \u2066c1r\.txt\u2069/,
  );
  await expect(again.getByTestId("share-activity")).toContainText("5 B");
});
