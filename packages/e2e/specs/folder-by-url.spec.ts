import type { Page } from "@playwright/test";
import { expect, loginAndOpen, test, userWithFiles } from "../support/fixtures.js";
import { axeViolations } from "../support/axe.js";

const FILES = 2_000;
const name = (i: number) => `lettera-${String(i).padStart(4, "0")}.tex`;

/** The page's own timing: its navigation and every request for a resource's data. */
function timing(page: Page) {
  return page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const data = performance
      .getEntriesByType("resource")
      .filter((e) => e.name.includes("/api/resources/"));
    return {
      interactive: nav.domInteractive,
      data: data.map((e) => ({ url: e.name, start: e.startTime })),
    };
  });
}

test("a 2,000-file folder opened by its URL asks for its data while the page loads, once, and renders", async ({
  page,
}) => {
  const files: Record<string, string> = {};
  for (let i = 0; i < FILES; i++) files[`Carteggio/lettere ò/${name(i)}`] = `Lettera ${i}\n`;
  const user = userWithFiles(files);
  await loginAndOpen(page, user);

  // A fresh load of the folder's URL (a bookmark, a colleague's link).
  const requests: string[] = [];
  page.on("request", (req) => {
    const url = req.url();
    if (url.includes("/api/resources/")) requests.push("data");
  });
  await page.goto(`/files/Carteggio/lettere%20%C3%B2/`);
  const first = page.locator(`[data-testid="listing-item"][data-name="${name(0)}"]`);
  await expect(first).toBeVisible();
  // The first rows may come from the start of the answer (api/early-listing.ts): the whole
  // listing follows, every item counted.
  await expect(page.getByTestId("listing")).toHaveAttribute("data-count", String(FILES));

  const seen = await timing(page);
  // One request for the folder (the listing took the early one), started while the page was
  // still being parsed: before the bundle's module could run (it runs after parsing ends).
  expect(seen.data).toHaveLength(1);
  expect(decodeURIComponent(seen.data[0]!.url)).toContain("/api/resources/Carteggio/lettere ò/");
  expect(seen.data[0]!.start).toBeLessThan(seen.interactive);
  expect(requests.filter((r) => r === "data")).toHaveLength(1);
  expect(await axeViolations(page, "folder opened by its URL")).toEqual([]);
});

test("without a stored session the page asks nothing early and the login comes", async ({
  page,
}) => {
  const asked: string[] = [];
  page.on("request", (req) => {
    if (req.url().includes("/api/resources/")) asked.push(req.url());
  });
  await page.goto("/files/Carteggio/");
  await expect(page.locator('input[name="username"]')).toBeVisible();
  expect(asked).toEqual([]);
});
