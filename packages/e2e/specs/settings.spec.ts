import { admin, expect, loginAndOpen, test } from "../support/fixtures.js";

test("an admin sets the resumable chunk size in Settings → Global", async ({ page }) => {
  await loginAndOpen(page, admin(), "/settings/global/uploads");
  const chunk = page.getByTestId("global-chunk-size");
  await expect(chunk).toHaveValue(/10\s*M/i);
  await chunk.fill("2MB");
  await expect(page.getByTestId("global-chunk-size-parsed")).toContainText("2.00 MiB");
  await page.getByTestId("global-retry-count").fill("3");
  await page.getByTestId("global-submit").click();
  await expect(page.getByTestId("toast-success")).toBeVisible();
  await page.reload();
  const tus = await page.evaluate(
    () => (window as unknown as { FileBrowser: { TusSettings: unknown } }).FileBrowser.TusSettings,
  );
  expect(tus).toEqual({ chunkSize: 2 * 1024 * 1024, retryCount: 3 });
  // Put the suite's default back for the other tests.
  await page.getByTestId("global-chunk-size").fill("10MB");
  await page.getByTestId("global-retry-count").fill("5");
  await expect(page.getByTestId("global-chunk-size-parsed")).toContainText("10.00 MiB");
  await page.getByTestId("global-submit").click();
  await expect(page.getByTestId("toast-success")).toBeVisible();
});
