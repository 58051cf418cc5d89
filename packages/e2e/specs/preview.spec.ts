import { createUser, expect, loginAndOpen, test } from "../support/fixtures.js";

test("preview a manuscript image and move to the next one", async ({ page }) => {
  const user = createUser(["--scope", "/Maurolico", "--viewMode", "mosaic"]);
  await loginAndOpen(page, user, "/files/Manoscritti/");
  await page.locator('[data-testid="listing-item"][data-name="folio-001r.jpg"]').dblclick();
  await expect(page).toHaveURL(/folio-001r\.jpg$/);
  const image = page.getByTestId("preview-image");
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const position = page.getByTestId("preview-position");
  await expect(position).toHaveText(/1\D+3/);
  await page.getByTestId("preview-next").click();
  await expect(page).toHaveURL(/folio-001v\.jpg$/);
  // Keys act on the preview once the next file has loaded.
  await expect(position).toHaveText(/2\D+3/);
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(/folio-002r\.png$/);
  await expect(position).toHaveText(/3\D+3/);
  await page.keyboard.press("ArrowLeft");
  await expect(page).toHaveURL(/folio-001v\.jpg$/);
  await expect(position).toHaveText(/2\D+3/);
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/files\/Manoscritti\/$/);
});

test("a PDF opens in the app's viewer, its raw file still one click away", async ({ page }) => {
  const user = createUser(["--scope", "/Maurolico"]);
  await loginAndOpen(page, user, "/files/Stampe/Opuscula-1575.pdf");
  const viewer = page.getByTestId("pdf-viewer");
  await expect(viewer.locator('[data-pdf-page="1"][data-drawn]')).toBeVisible();
  await expect(viewer.locator('[data-pdf-page="1"] .pdf-page__text')).toContainText("Opuscula");
  const src = await page.getByTestId("preview-download").getAttribute("href");
  const res = await page.request.get(src ?? "");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("application/pdf");
});
