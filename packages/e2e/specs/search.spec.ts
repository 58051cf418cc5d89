import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, loginAndOpen, scopeDir, test, userWithFiles } from "../support/fixtures.js";

/*
 * The search overlay (issue 13): Ctrl+F, a name query, the type buttons, and an index that
 * follows the files: a file made through the app and one written on disk outside it are found
 * within seconds, and a deleted one is gone. Every test has a user of its own.
 */

const EDITOR = [
  "--viewMode",
  "list",
  "--perm.create=true",
  "--perm.modify=true",
  "--perm.delete=true",
];

const overlay = (page: Page) => page.getByTestId("search");
const input = (page: Page) => page.getByTestId("search-input");
const result = (page: Page, rel: string) =>
  overlay(page).locator(`[data-testid="search-result"][data-path="${rel}"]`);

async function tokenOf(request: APIRequestContext, user: { username: string; password: string }) {
  const res = await request.post("/api/login", { data: user });
  expect(res.status()).toBe(200);
  return res.text();
}

/**
 * Asks again (Enter) until `target` is on screen, or gone: the index learns of a change a
 * moment after it happens, and the overlay does not poll once the index is ready.
 */
async function untilShown(page: Page, target: Locator, shown = true) {
  await expect(async () => {
    await input(page).press("Enter");
    await expect(target).toHaveCount(shown ? 1 : 0, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

test("Ctrl+F opens the search in the folder on screen; a result opens with a click", async ({
  page,
}) => {
  const user = userWithFiles(
    {
      "Opuscula/cosmographia.tex": "\\Unit Cosmographia\n",
      "Opuscula/de-sphaera.tex": "\\Unit Sphaera\n",
      "Lettere/cosmographia-lettera.txt": "lettera\n",
    },
    EDITOR,
  );
  await loginAndOpen(page, user, "/files/Opuscula/");
  await expect(page.locator('[data-testid="listing-item"]').first()).toBeVisible();
  await page.keyboard.press("ControlOrMeta+f");
  await expect(overlay(page)).toBeVisible();
  await expect(input(page)).toBeFocused();
  await expect(overlay(page)).toContainText("/Opuscula/");

  await input(page).fill("cosmo");
  // Results come while typing: only what is inside /Opuscula/, relative to it.
  await untilShown(page, result(page, "cosmographia.tex"));
  await expect(overlay(page).getByTestId("search-result")).toHaveCount(1);
  await result(page, "cosmographia.tex").click();
  await expect(overlay(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/files\/Opuscula\/cosmographia\.tex$/);
  await expect(page.locator(".cm-content")).toContainText("\\Unit Cosmographia");

  // Escape closes it; the search action of the header opens it again.
  await page.getByTestId("action-search").click();
  await expect(input(page)).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(overlay(page)).toHaveCount(0);
});

test("the image button lists only images", async ({ page }) => {
  const user = userWithFiles(
    {
      "Manoscritti/folio-001r.jpg": "jpg",
      "Manoscritti/folio-002r.png": "png",
      "Manoscritti/folio.tex": "\\Unit Folio\n",
      "Stampe/folio-1575.pdf": "%PDF-1.4\n",
      "Stampe/tavola.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
    },
    EDITOR,
  );
  await loginAndOpen(page, user);
  await page.keyboard.press("ControlOrMeta+f");
  await page.getByTestId("search-type-image").click();
  await expect(input(page)).toHaveValue("type:image");
  await expect(input(page)).toBeFocused();
  const results = overlay(page).getByTestId("search-result");
  await untilShown(page, result(page, "Stampe/tavola.svg"));
  const paths = await results.evaluateAll((links) =>
    links.map((link) => (link as HTMLElement).dataset.path).sort(),
  );
  expect(paths).toEqual([
    "Manoscritti/folio-001r.jpg",
    "Manoscritti/folio-002r.png",
    "Stampe/tavola.svg",
  ]);

  // The PDF button adds its type: images or PDFs.
  await page.getByTestId("search-type-pdf").click();
  await expect(input(page)).toHaveValue("type:image type:pdf");
  await untilShown(page, result(page, "Stampe/folio-1575.pdf"));
  await expect(results).toHaveCount(4);
});

test("the index follows the files: made through the app, written on disk, deleted", async ({
  page,
  request,
}) => {
  const user = userWithFiles({ "Registro/indice.txt": "indice\n" }, EDITOR);
  const token = await tokenOf(request, user);
  await loginAndOpen(page, user);
  await page.keyboard.press("ControlOrMeta+f");
  await input(page).fill("quaderno");
  await expect(overlay(page).getByTestId("search-summary")).toHaveText("No results");

  // Through the app: POST /api/resources, as the new-file dialog does.
  const made = await request.post("/api/resources/Registro/quaderno-app.txt?override=false", {
    headers: { "X-Auth": token },
    data: "scritto dall'app\n",
  });
  expect(made.ok()).toBe(true);
  await untilShown(page, result(page, "Registro/quaderno-app.txt"));

  // Outside the app: written straight into the user's folder on disk.
  const onDisk = path.join(scopeDir(user), "Registro", "quaderno-disco.txt");
  writeFileSync(onDisk, "scritto fuori\n");
  await untilShown(page, result(page, "Registro/quaderno-disco.txt"));

  // Deleted through the app, and on disk: both leave the results.
  const gone = await request.delete("/api/resources/Registro/quaderno-app.txt", {
    headers: { "X-Auth": token },
  });
  expect(gone.ok()).toBe(true);
  await untilShown(page, result(page, "Registro/quaderno-app.txt"), false);
  rmSync(onDisk);
  await untilShown(page, result(page, "Registro/quaderno-disco.txt"), false);
  await expect(overlay(page).getByTestId("search-summary")).toHaveText("No results");
});
