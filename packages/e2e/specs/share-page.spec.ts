import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { admin, expect, scopeDir, test, userWithFiles } from "../support/fixtures.js";

/*
 * The public share page (issue 12) as a visitor sees it: every page here is opened in a fresh
 * browser context with no login. The links are made by the admin through the API.
 */

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** A link to `path` (the admin's scope is the whole files folder), made by the admin. */
async function createShare(
  request: APIRequestContext,
  sharePath: string,
  body: Record<string, string> = {},
): Promise<{ hash: string }> {
  const login = await request.post("/api/login", { data: admin() });
  expect(login.status()).toBe(200);
  const res = await request.post(`/api/share${sharePath}`, {
    headers: { "X-Auth": await login.text() },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { hash: string };
}

/** A page in a context of its own: no cookie, no stored token, nothing of other tests. */
async function visitor(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

const item = (page: Page, name: string) =>
  page.locator(`[data-testid="share-item"][data-name="${name}"]`);

test("a file link with a password and an expiry: wrong then right password, then download", async ({
  browser,
  request,
  baseURL,
}) => {
  const content = randomBytes(64 * 1024);
  const user = userWithFiles({ "Lettere/epistola-1560.bin": content });
  const { hash } = await createShare(request, `/${user.username}/Lettere/epistola-1560.bin`, {
    password: "sesamo aperto",
    expires: "2",
    unit: "days",
  });

  const page = await visitor(browser, baseURL);
  await page.goto(`/share/${hash}`);
  const prompt = page.getByTestId("share-password");
  await expect(prompt).toBeVisible();
  // A visitor is not sent to the login page, and nothing is shown before the password.
  expect(new URL(page.url()).pathname).toBe(`/share/${hash}`);
  await expect(page.getByTestId("share-file")).toHaveCount(0);

  await prompt.locator('input[name="share-password"]').fill("apriti sesamo");
  await page.getByTestId("share-password-submit").click();
  await expect(prompt.getByRole("alert")).toHaveText("Wrong credentials");

  await prompt.locator('input[name="share-password"]').fill("sesamo aperto");
  await page.getByTestId("share-password-submit").click();
  const file = page.getByTestId("share-file");
  await expect(file).toBeVisible();
  await expect(file.getByTestId("share-name")).toHaveText("epistola-1560.bin");
  await expect(file.getByTestId("share-size")).toHaveText("64.00 KiB");
  await expect(file.getByTestId("share-limit-expiry")).toContainText("Expires");
  await expect(file.getByTestId("share-qr").locator("svg")).toHaveAttribute("width", "200");
  // "Open" has its path before the query (File Browser put index.html after the token).
  const open = await file.getByTestId("share-open").getAttribute("href");
  expect(open).toMatch(new RegExp(`^/api/public-inline/dl/${hash}/index\\.html\\?token=`));

  const download = page.waitForEvent("download");
  await file.getByTestId("share-download").click();
  const got = await download;
  expect(got.suggestedFilename()).toBe("epistola-1560.bin");
  expect(sha256(readFileSync(await got.path()))).toBe(sha256(content));
  await page.context().close();
});

test("a folder link: select an image to preview it, then two files as a zip", async ({
  browser,
  request,
  baseURL,
}) => {
  const folio = (hue: string) =>
    sharp({ create: { width: 120, height: 160, channels: 3, background: hue } })
      .png()
      .toBuffer();
  const user = userWithFiles({
    "Scansioni/c1r.png": await folio("#efe3c8"),
    "Scansioni/c1v.png": await folio("#d8c7a0"),
    "Scansioni/nota, breve.txt": "nota",
    "Scansioni/Dettagli/d1.txt": "dettaglio",
  });
  const { hash } = await createShare(request, `/${user.username}/Scansioni/`);

  const page = await visitor(browser, baseURL);
  await page.goto(`/share/${hash}`);
  const folder = page.getByTestId("share-folder");
  await expect(folder.getByTestId("share-name")).toHaveText("Scansioni");
  await expect(folder.getByTestId("share-item")).toHaveCount(4);
  await expect(folder.getByTestId("share-qr").locator("svg")).toHaveAttribute("width", "100");

  // Selecting an image shows it.
  await item(page, "c1r.png").click();
  await expect(item(page, "c1r.png").getByRole("checkbox")).toBeChecked();
  const preview = page.getByTestId("share-preview-image");
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);

  // Two files (one with a comma in its name) as a zip.
  await item(page, "nota, breve.txt").locator('input[type="checkbox"]').check();
  await expect(page.getByTestId("share-selected-count")).toHaveText("2 selected");
  await page.getByTestId("share-download-archive").click();
  const download = page.waitForEvent("download");
  await page.getByTestId("share-format-zip").click();
  const zip = await download;
  const work = mkdtempSync(path.join(tmpdir(), "scriptorium-share-"));
  const zipPath = path.join(work, "selection.zip");
  await zip.saveAs(zipPath);
  execFileSync("unzip", ["-t", zipPath]);
  const zipped = execFileSync("unzip", ["-Z1", zipPath], { encoding: "utf8" }).trim().split("\n");
  expect(zipped.sort()).toEqual(["c1r.png", "nota, breve.txt"]);

  // A sub-folder opens at its own address, with breadcrumbs back to the link's root.
  await item(page, "Dettagli").getByTestId("share-item-open").click();
  await expect(page).toHaveURL(new RegExp(`/share/${hash}/Dettagli/$`));
  await expect(page.getByTestId("share-item")).toHaveCount(1);
  await page.getByTestId("share-crumbs").getByRole("link", { name: "Scansioni" }).click();
  await expect(page.getByTestId("share-item")).toHaveCount(4);
  await page.context().close();
});

test("a drop box takes a 30 MB resumable upload from an anonymous visitor who cannot list it", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const user = userWithFiles({ "Consegne/gia-qui.txt": "already here" });
  const { hash } = await createShare(request, `/${user.username}/Consegne/`, { mode: "upload" });
  const work = mkdtempSync(path.join(tmpdir(), "scriptorium-dropbox-"));
  const big = path.join(work, "scansioni-1560.bin");
  const content = randomBytes(30 * 1024 * 1024);
  writeFileSync(big, content);

  const page = await visitor(browser, baseURL);
  const patches: string[] = [];
  page.on("request", (req) => {
    if (req.method() === "PATCH" && req.url().includes(`/api/public/tus/${hash}/`)) {
      patches.push(req.headers()["upload-offset"] ?? "");
    }
  });
  await page.goto(`/share/${hash}`);
  const box = page.getByTestId("share-dropbox");
  await expect(box).toBeVisible();
  // A drop box shows nothing of what the folder holds.
  await expect(page.getByTestId("share-items")).toHaveCount(0);
  await expect(page.getByText("gia-qui.txt")).toHaveCount(0);

  await box.locator('input[name="uploader"]').fill("Giulia R.");
  await page.getByTestId("share-upload-input").setInputFiles(big);
  const upload = page.locator('[data-testid="share-upload"][data-name="scansioni-1560.bin"]');
  await expect(upload).toHaveAttribute("data-state", "done", { timeout: 90_000 });

  // Sent in several chunks, each at the offset the last one ended at.
  expect(patches.length).toBeGreaterThanOrEqual(3);
  expect(patches[0]).toBe("0");
  const arrived = path.join(scopeDir(user), "Consegne", "scansioni-1560.bin");
  expect(statSync(arrived).size).toBe(content.length);
  expect(sha256(readFileSync(arrived))).toBe(sha256(content));

  // The same name again is refused: a drop box never overwrites.
  await page.getByTestId("share-upload-input").setInputFiles({
    name: "gia-qui.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("overwrite?"),
  });
  const again = page.locator('[data-testid="share-upload"][data-name="gia-qui.txt"]');
  await expect(again).toHaveAttribute("data-state", "exists");
  expect(readFileSync(path.join(scopeDir(user), "Consegne", "gia-qui.txt"), "utf8")).toBe(
    "already here",
  );

  // The anonymous visitor can neither list the box nor download from it.
  const info = await page.request.get(`/api/public/share/${hash}`);
  expect(info.status()).toBe(200);
  const body = (await info.json()) as { items?: unknown; share: { mode: string } };
  expect(body.share.mode).toBe("upload");
  expect(body.items).toBeUndefined();
  const sub = await page.request.get(`/api/public/share/${hash}/scansioni-1560.bin`);
  expect(sub.ok() ? ((await sub.json()) as object) : {}).not.toHaveProperty("size");
  for (const url of [`/api/public/dl/${hash}/scansioni-1560.bin`, `/api/public/dl/${hash}/`]) {
    expect([403, 404], url).toContain((await page.request.get(url)).status());
  }
  await page.context().close();
});
