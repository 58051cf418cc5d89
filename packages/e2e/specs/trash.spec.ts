import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { admin, expect, loginAndOpen, scopeDir, test, userWithFiles } from "../support/fixtures.js";

/*
 * The trash (issue 29): what the web deletes lands in its owner's trash, the trash page lists
 * it, and a restore puts back the very same bytes where they were.
 */

const EDITOR = [
  "--viewMode",
  "list",
  "--perm.create=true",
  "--perm.rename=true",
  "--perm.modify=true",
  "--perm.delete=true",
];

/** Every byte value, and some Greek in UTF-8: what comes back must be exactly this. */
const BYTES = Buffer.concat([
  Buffer.from("\\Unit Ἐπιστολή\n", "utf8"),
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
]);

const item = (page: Page, name: string) =>
  page.locator(`[data-testid="listing-item"][data-name="${name}"]`);
const onDisk = (user: { username: string }, rel: string) => path.join(scopeDir(user), rel);

async function authHeaders(request: APIRequestContext, user: object) {
  const login = await request.post("/api/login", { data: user });
  expect(login.ok()).toBe(true);
  return { "X-Auth": await login.text() };
}

test("delete a file, find it in the trash, restore it with the same bytes", async ({ page }) => {
  const user = userWithFiles({ "Lettere/epistola.tex": BYTES, "Lettere/altra.tex": "a" }, EDITOR);
  await loginAndOpen(page, user, "/files/Lettere/");
  await item(page, "epistola.tex").click();
  await page.keyboard.press("Delete");
  const dialog = page.getByTestId("prompt-delete");
  await expect(dialog).toContainText("Move this item to the trash?");
  await dialog.getByTestId("prompt-confirm").click();
  await expect(item(page, "epistola.tex")).toHaveCount(0);
  expect(existsSync(onDisk(user, "Lettere/epistola.tex"))).toBe(false);

  await page.getByTestId("sidebar-trash").click();
  await expect(page).toHaveURL(/\/trash$/);
  const row = page.getByTestId("trash-row").filter({ hasText: "epistola.tex" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("/Lettere/");
  await expect(row).toContainText(user.username);
  await page.getByTestId("trash-filter").fill("nothing like it");
  await expect(page.getByTestId("trash-no-match")).toBeVisible();
  await page.getByTestId("trash-filter").fill("EPIST");
  await expect(row).toBeVisible();

  await row.getByTestId("trash-restore").click();
  const toast = page.getByTestId("toast-success");
  await expect(toast).toContainText("Restored to \u2066/Lettere/epistola.tex\u2069");
  await expect(page.getByTestId("trash-empty")).toBeVisible();
  expect(readFileSync(onDisk(user, "Lettere/epistola.tex")).equals(BYTES)).toBe(true);

  await toast.getByTestId("toast-link").click();
  await expect(page).toHaveURL(/\/files\/Lettere\/$/);
  await expect(item(page, "epistola.tex")).toBeVisible();
  const headers = await authHeaders(page.request, user);
  const raw = await page.request.get("/api/raw/Lettere/epistola.tex", { headers });
  expect(raw.status()).toBe(200);
  expect((await raw.body()).equals(BYTES)).toBe(true);
});

test("a restore beside a file that took the name, delete for ever and empty", async ({ page }) => {
  const user = userWithFiles({ "nota.txt": "first", "vecchia.txt": "v", "bozza.txt": "b" }, EDITOR);
  const headers = await authHeaders(page.request, user);
  for (const name of ["nota.txt", "vecchia.txt", "bozza.txt"]) {
    const res = await page.request.delete(`/api/resources/${name}`, { headers });
    expect(res.ok()).toBe(true);
  }
  // A new file takes the deleted one's name.
  const put = await page.request.post("/api/resources/nota.txt", { headers, data: "second" });
  expect(put.ok()).toBe(true);

  await loginAndOpen(page, user, "/trash");
  await expect(page.getByTestId("trash-row")).toHaveCount(3);
  const nota = page.getByTestId("trash-row").filter({ hasText: "nota.txt" });
  await nota.getByTestId("trash-restore").click();
  // It lands beside the new file under a "(restored)" name, which the toast gives.
  await expect(page.getByTestId("toast-success")).toContainText("(restored)");
  const restored = readdirSync(scopeDir(user)).filter((name) => name.includes("(restored)"));
  expect(restored).toHaveLength(1);
  await expect(page.getByTestId("toast-success")).toContainText(`/${restored[0]}`);
  expect(readFileSync(onDisk(user, restored[0]!), "utf8")).toBe("first");
  expect(readFileSync(onDisk(user, "nota.txt"), "utf8")).toBe("second");

  const vecchia = page.getByTestId("trash-row").filter({ hasText: "vecchia.txt" });
  await vecchia.getByTestId("trash-delete").click();
  await page.getByTestId("prompt-confirm").getByTestId("confirm-ok").click();
  await expect(page.getByTestId("trash-row")).toHaveCount(1);

  await page.getByTestId("trash-empty-all").click();
  await page.getByTestId("prompt-confirm").getByTestId("confirm-ok").click();
  await expect(page.getByTestId("trash-empty")).toBeVisible();
  const list = await page.request.get("/api/trash", { headers });
  expect(await list.json()).toEqual([]);
  expect(existsSync(onDisk(user, "vecchia.txt"))).toBe(false);
  expect(existsSync(onDisk(user, "bozza.txt"))).toBe(false);
});

test("an admin opens another user's trash: their item, read-only, the address names them", async ({
  page,
}) => {
  const user = userWithFiles({ "capitolo.tex": "c" }, EDITOR);
  const res = await page.request.delete("/api/resources/capitolo.tex", {
    headers: await authHeaders(page.request, user),
  });
  expect(res.ok()).toBe(true);

  await loginAndOpen(page, admin(), "/trash");
  const picker = page.getByTestId("trash-owner");
  await expect(picker.locator("option:checked")).toHaveText("My trash");
  await picker.selectOption({ label: user.username });
  await expect(page).toHaveURL(/\/trash\?user=\d+$/);
  const row = page.getByTestId("trash-row").filter({ hasText: "capitolo.tex" });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId("page-heading")).toHaveText(`Trash of ${user.username}`);
  await expect(page.getByTestId("trash-read-only")).toContainText(`only ${user.username} can`);
  await expect(page.getByTestId("trash-restore")).toHaveCount(0);
  await expect(page.getByTestId("trash-empty-all")).toHaveCount(0);
  // The address alone opens it again.
  await page.reload();
  await expect(row).toHaveCount(1);
  await expect(picker.locator("option:checked")).toHaveText(user.username);
  await picker.selectOption({ label: "My trash" });
  await expect(page).toHaveURL(/\/trash$/);
  await expect(row).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("the trash shows each item as a card that fits the screen", async ({ page }) => {
    const user = userWithFiles({ "Capitoli/un nome di file piuttosto lungo.tex": "x" }, EDITOR);
    const headers = await authHeaders(page.request, user);
    const res = await page.request.delete(
      `/api/resources/Capitoli/${encodeURIComponent("un nome di file piuttosto lungo.tex")}`,
      { headers },
    );
    expect(res.ok()).toBe(true);

    await loginAndOpen(page, user, "/trash");
    const row = page.getByTestId("trash-row");
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("trash-restore")).toBeVisible();
    await expect(row.getByTestId("trash-delete")).toBeVisible();
    // A card: the header row is hidden and each cell is labelled.
    await expect(page.locator(".trash-table thead")).toBeHidden();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
