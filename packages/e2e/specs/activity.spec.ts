import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import {
  admin,
  createUser,
  expect,
  loginAndOpen,
  test,
  userWithFiles,
} from "../support/fixtures.js";
import { runAction } from "../support/actions.js";

/*
 * The activity log (issue 29): a colleague's change shows in an open listing without a reload,
 * with a quiet notice, and in the folder's activity; an admin filters the audit log and exports
 * it as CSV and JSON.
 */

const EDITOR = [
  "--viewMode",
  "list",
  "--perm.create=true",
  "--perm.rename=true",
  "--perm.modify=true",
  "--perm.delete=true",
];

const item = (page: Page, name: string) =>
  page.locator(`[data-testid="listing-item"][data-name="${name}"]`);

const enc = (path: string) => path.split("/").map(encodeURIComponent).join("/");

async function authHeaders(request: APIRequestContext, user: object) {
  const login = await request.post("/api/login", { data: user });
  expect(login.ok()).toBe(true);
  return { "X-Auth": await login.text() };
}

/** An upload as the web makes it: tus, created then sent in one PATCH. */
async function tusUpload(
  request: APIRequestContext,
  headers: Record<string, string>,
  path: string,
  body: Buffer,
) {
  const url = `/api/tus${enc(path)}?override=false`;
  const created = await request.post(url, {
    headers: { ...headers, "Upload-Length": String(body.length), "Tus-Resumable": "1.0.0" },
  });
  expect(created.status()).toBe(201);
  const sent = await request.patch(url, {
    headers: {
      ...headers,
      "Content-Type": "application/offset+octet-stream",
      "Upload-Offset": "0",
      "Tus-Resumable": "1.0.0",
    },
    data: body,
  });
  expect(sent.status()).toBe(204);
}

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

test("a colleague's upload appears in the open listing without a reload and in the folder's activity", async ({
  page,
}) => {
  const ada = userWithFiles(
    {
      "Trascrizioni/canto-1.tex": "\\VV{{A:primo}}\n",
      "Trascrizioni/canto-2.tex": "\\VV{{B:secondo}}\n",
      "Trascrizioni/Libro I/indice.txt": "I",
    },
    EDITOR,
  );
  // Bruno works in the same folder as Ada.
  const bruno = createUser(["--scope", `/${ada.username}`, ...EDITOR]);
  const stream = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/events");
  await loginAndOpen(page, ada, "/files/Trascrizioni/");
  await item(page, "canto-2.tex").click();
  await expect(item(page, "canto-2.tex")).toHaveAttribute("aria-selected", "true");
  expect((await stream).status()).toBe(200);
  // A mark on the page: a reload would lose it.
  await page.evaluate(() => Object.assign(window, { liveMark: "still here" }));

  const headers = await authHeaders(page.request, bruno);
  // A change in a subfolder: the open listing does not change for it.
  await tusUpload(page.request, headers, "/Trascrizioni/Libro I/nota.txt", Buffer.from("n"));
  await tusUpload(page.request, headers, "/Trascrizioni/scan-3.jpg", JPEG);

  await expect(item(page, "scan-3.jpg")).toBeVisible();
  const notice = page.getByTestId("live-notice");
  await expect(notice).toHaveText(`${bruno.username} uploaded scan-3.jpg`);
  await expect(page.getByTestId("live-polite")).toHaveText(`${bruno.username} uploaded scan-3.jpg`);
  expect(await page.evaluate(() => (window as { liveMark?: string }).liveMark)).toBe("still here");
  await expect(item(page, "canto-2.tex")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("listing")).toHaveAttribute("data-count", "4");

  // The folder's activity: both uploads, newest first, paths from the folder.
  await page.keyboard.press("Escape");
  await runAction(page, "activity");
  const dialog = page.getByTestId("prompt-activity");
  const entries = dialog.getByTestId("activity-entry");
  await expect(entries.first()).toContainText("scan-3.jpg");
  const first = entries.first();
  await expect(first.getByTestId("activity-user")).toHaveText(bruno.username);
  await expect(first.getByTestId("activity-action")).toHaveText("Uploaded");
  await expect(first.getByTestId("activity-path")).toHaveText("\u2066scan-3.jpg\u2069");
  await expect(entries.nth(1).getByTestId("activity-path")).toHaveText(
    "\u2066Libro I/nota.txt\u2069",
  );
  await expect(first.locator("time")).toHaveText(/now|second|minute/);

  // A path opens what it names.
  await first.getByTestId("activity-path").click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/files\/Trascrizioni\/scan-3\.jpg$/);
});

test("one's own upload is news in another tab, not in the tab that made it", async ({ page }) => {
  const ada = userWithFiles({ "Lettere/prima.tex": "1" }, EDITOR);
  const events = (tab: Page) =>
    tab.waitForResponse((res) => new URL(res.url()).pathname === "/api/events");
  let stream = events(page);
  await loginAndOpen(page, ada, "/files/Lettere/");
  await stream;
  // A second tab of the same session, on the same folder.
  const other = await page.context().newPage();
  stream = events(other);
  await other.goto("/files/Lettere/");
  await stream;
  await expect(item(other, "prima.tex")).toBeVisible();

  await page.getByTestId("upload-input-files").setInputFiles([
    { name: "seconda.tex", mimeType: "text/plain", buffer: Buffer.from("2") },
    { name: "terza.tex", mimeType: "text/plain", buffer: Buffer.from("3") },
  ]);
  await expect(item(page, "terza.tex")).toBeVisible();
  await expect(item(other, "seconda.tex")).toBeVisible();
  await expect(item(other, "terza.tex")).toBeVisible();
  await expect(other.getByTestId("live-notice")).toContainText(`${ada.username} uploaded`);
  // The tab that uploaded says nothing, even once its own changes have come back to it.
  await page.waitForTimeout(3000);
  await expect(page.getByTestId("live-notice")).toHaveCount(0);
  await other.close();
});

test("an entry added above keeps what the reader looks at where it is", async ({ page }) => {
  const files: Record<string, string> = {};
  for (let i = 1; i <= 40; i++) files[`Capitoli/capitolo-${String(i).padStart(2, "0")}.tex`] = "x";
  const ada = userWithFiles(files, EDITOR);
  const bruno = createUser(["--scope", `/${ada.username}`, ...EDITOR]);
  const stream = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/events");
  await loginAndOpen(page, ada, "/files/Capitoli/");
  await stream;
  const listing = page.getByTestId("listing");
  await expect(listing).toHaveAttribute("data-count", "40");
  await page.mouse.wheel(0, 900);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
  const watched = item(page, "capitolo-25.tex");
  const before = (await watched.boundingBox())!.y;
  const scrolled = await page.evaluate(() => window.scrollY);

  const headers = await authHeaders(page.request, bruno);
  // Sorted by name, it comes first: above everything in view.
  await tusUpload(page.request, headers, "/Capitoli/a-premessa.tex", Buffer.from("p"));
  await expect(listing).toHaveAttribute("data-count", "41");
  await expect(page.getByTestId("live-notice")).toContainText("uploaded a-premessa.tex");
  expect(Math.abs((await watched.boundingBox())!.y - before)).toBeLessThanOrEqual(2);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled);
});

test("an admin filters the audit log by user and action and exports it as CSV and JSON", async ({
  page,
}) => {
  const ada = userWithFiles({ "Lettere/prima.txt": "1" }, EDITOR);
  const bruno = createUser(["--scope", `/${ada.username}`, ...EDITOR]);
  const adaHeaders = await authHeaders(page.request, ada);
  const brunoHeaders = await authHeaders(page.request, bruno);
  await tusUpload(page.request, adaHeaders, "/Lettere/di-ada.txt", Buffer.from("a"));
  await tusUpload(page.request, brunoHeaders, "/Lettere/bruno-1.txt", Buffer.from("b1"));
  await tusUpload(page.request, brunoHeaders, "/Lettere/bruno-2.txt", Buffer.from("b2"));
  const deleted = await page.request.delete("/api/resources/Lettere/prima.txt", {
    headers: brunoHeaders,
  });
  expect(deleted.ok()).toBe(true);

  await loginAndOpen(page, admin(), "/settings/profile");
  await page.getByTestId("settings-tab-activity").click();
  await expect(page).toHaveURL(/\/settings\/activity$/);
  await expect(page.getByTestId("page-heading")).toHaveText("Activity log");
  const rows = page.getByTestId("audit-row");
  await expect(rows.first()).toBeVisible();

  await page.getByTestId("audit-user").fill(bruno.username);
  // Bruno's lines only: his login, two uploads and a delete.
  await expect(rows).toHaveCount(4);
  for (const cell of await page.getByTestId("audit-user-cell").all()) {
    await expect(cell).toHaveText(bruno.username);
  }
  await page.getByTestId("audit-action").selectOption("upload");
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByTestId("audit-path-cell")).toHaveText(
    `\u2066/${ada.username}/Lettere/bruno-2.txt\u2069`,
  );
  await expect(rows.nth(1).getByTestId("audit-path-cell")).toHaveText(
    `\u2066/${ada.username}/Lettere/bruno-1.txt\u2069`,
  );
  await expect(rows.first().getByTestId("audit-action-cell")).toHaveText("Uploaded");

  let download = page.waitForEvent("download");
  await page.getByTestId("audit-export-csv").click();
  const csv = await download;
  expect(csv.suggestedFilename()).toMatch(/^scriptorium-audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await csv.path(), "utf8")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe("time,user,action,path,to,detail,requestId,address");
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(`,${bruno.username},upload,/${ada.username}/Lettere/bruno-2.txt,`);
  expect(lines[2]).toContain(`,${bruno.username},upload,/${ada.username}/Lettere/bruno-1.txt,`);

  download = page.waitForEvent("download");
  await page.getByTestId("audit-export-json").click();
  const json = await download;
  expect(json.suggestedFilename()).toMatch(/^scriptorium-audit-\d{4}-\d{2}-\d{2}\.json$/);
  const entries = JSON.parse(readFileSync(await json.path(), "utf8")) as {
    user: string;
    action: string;
    path: string;
    requestId: string;
  }[];
  expect(entries.map((entry) => [entry.user, entry.action, entry.path])).toEqual([
    [bruno.username, "upload", `/${ada.username}/Lettere/bruno-2.txt`],
    [bruno.username, "upload", `/${ada.username}/Lettere/bruno-1.txt`],
  ]);
  expect(entries.every((entry) => entry.requestId !== "")).toBe(true);

  // Another action of the same user: the delete.
  await page.getByTestId("audit-action").selectOption("delete");
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId("audit-path-cell")).toHaveText(
    `\u2066/${ada.username}/Lettere/prima.txt\u2069`,
  );
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("the activity dialog fits the screen; the audit page is not for users", async ({ page }) => {
    const ada = userWithFiles({ "Capitoli/un nome di file piuttosto lungo.tex": "x" }, EDITOR);
    const headers = await authHeaders(page.request, ada);
    await tusUpload(page.request, headers, "/Capitoli/un altro nome lungo per la prova.tex", JPEG);
    await loginAndOpen(page, ada, "/files/Capitoli/");
    // On a phone the action is in the header's "More" menu.
    await page.getByTestId("header-more").click();
    await page.getByTestId("action-activity").click();
    const dialog = page.getByTestId("prompt-activity");
    await expect(dialog.getByTestId("activity-entry")).toHaveCount(1);
    await expect(dialog.getByTestId("activity-path")).toHaveText(
      "\u2066un altro nome lungo per la prova.tex\u2069",
    );
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.keyboard.press("Escape");

    // The audit log is the admins': no tab, and its address leads to 403.
    await page.goto("/settings/profile");
    await expect(page.getByTestId("settings-tab-profile")).toBeVisible();
    await expect(page.getByTestId("settings-tab-activity")).toHaveCount(0);
    await page.goto("/settings/activity");
    await expect(page).toHaveURL(/\/403$/);
  });

  test("the audit page shows each line as a card", async ({ page }) => {
    await loginAndOpen(page, admin(), "/settings/activity");
    await expect(page.getByTestId("audit-row").first()).toBeVisible();
    await expect(page.locator(".audit-table thead")).toBeHidden();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
