import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { axeViolations } from "../support/axe.js";
import { expect, loginAndOpen, scopeDir, test, userWithFiles } from "../support/fixtures.js";
import { useStandinTools } from "../support/standin-tools.js";

/*
 * Issue 31, items 2 and 3 (and the phone's brand of item 10): the upload panel for every
 * upload with the right announcement; the header's primary icons, its "Edition" and "More"
 * menus, "N selected" as text; a long branded name whole on a phone.
 */

const SCREENSHOTS = fileURLToPath(new URL("../../../docs/screenshots/", import.meta.url));
const BRAND = "Edizione Maurolico delle opere matematiche";

useStandinTools();

const TEX = "\\documentclass{article}\n\\begin{document}\nDe centris\n\\end{document}\n";
const item = (page: Page, name: string) =>
  page.locator(`[data-testid="listing-item"][data-name="${name}"]`);

/** What the page's polite live region has said since the page loaded. */
async function recordPolite(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const said: string[] = [];
    (window as unknown as { politeSaid: string[] }).politeSaid = said;
    const region = document.querySelector('[data-testid="live-polite"]');
    if (!region) throw new Error("no polite live region");
    new MutationObserver(() => {
      const text = region.textContent ?? "";
      if (text) said.push(text);
    }).observe(region, { childList: true, characterData: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { politeSaid: string[] }).politeSaid);
}

/** A branded name for this page only (the admin's branding, as the page globals carry it). */
async function brandPage(page: Page, name: string) {
  await page.addInitScript((brand) => {
    let globals: Record<string, unknown> | undefined;
    Object.defineProperty(window, "FileBrowser", {
      configurable: true,
      get: () => globals,
      set: (value: Record<string, unknown>) => {
        globals = { ...value, Name: brand };
      },
    });
  }, name);
}

async function expectNoAxe(page: Page, state: string) {
  expect(await axeViolations(page, state)).toEqual([]);
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test("one small file, then two: the panel shows each, and says 1 file, then 2", async ({
      page,
    }) => {
      const user = userWithFiles({ "keep.txt": "x" });
      await loginAndOpen(page, user);
      const said = await recordPolite(page);
      await page.getByTestId("upload-input-files").setInputFiles({
        name: "nota breve.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("Nota del curatore\n"),
      });
      const panel = page.getByTestId("upload-panel");
      await expect(panel).toBeVisible();
      await expect(page.getByTestId("upload-count")).toHaveText("1 file");
      const row = panel.locator('[data-testid="upload-item"][data-name="nota breve.txt"]');
      await expect(row).toHaveAttribute("data-state", "done");
      await expect(page.getByTestId("upload-percent")).toHaveText("100%");
      await expect(item(page, "nota breve.txt")).toBeVisible();
      await expect.poll(said).toContain("Upload complete: 1 file");
      expect(await said()).toContain("Uploading: 1 file");
      expect((await said()).join(" ")).not.toMatch(/files?: 0|0 files/);
      await expectNoAxe(page, `upload panel, one file (${width})`);
      if (width === 1280) {
        await page.screenshot({ path: `${SCREENSHOTS}upload-panel.png`, animations: "disabled" });
      } else {
        await page.screenshot({
          path: `${SCREENSHOTS}upload-panel-390.png`,
          animations: "disabled",
        });
      }
      // Closed by its button.
      await page.getByTestId("upload-dismiss").click();
      await expect(panel).toHaveCount(0);

      await page.getByTestId("upload-input-files").setInputFiles([
        { name: "c1.txt", mimeType: "text/plain", buffer: Buffer.from("prima") },
        { name: "c2.txt", mimeType: "text/plain", buffer: Buffer.from("seconda") },
      ]);
      await expect(page.getByTestId("upload-count")).toHaveText("2 files");
      await expect(panel.getByTestId("upload-item")).toHaveCount(2);
      await expect.poll(said).toContain("Upload complete: 2 files");
      // It goes by itself a moment later.
      await expect(panel).toHaveCount(0, { timeout: 15_000 });
    });

    test('Ctrl+A on a folder says "N selected" as text', async ({ page }) => {
      const files: Record<string, string> = {};
      for (let i = 1; i <= 12; i++) files[`carta ${String(i).padStart(2, "0")}.txt`] = `${i}`;
      const user = userWithFiles(files);
      await loginAndOpen(page, user);
      await expect(page.getByTestId("listing-item")).toHaveCount(12);
      await item(page, "carta 01.txt").click();
      const count = page.getByTestId("selection-count");
      await expect(count).toHaveText("1 selected");
      await page.keyboard.press("Control+a");
      await expect(count).toHaveText("12 selected");
      await expect(count).toBeVisible();
      const bar = page.getByRole("region", { name: "Selection" });
      await expect(bar).toContainText("12 selected");
      await expectNoAxe(page, `selection of 12 (${width})`);
      await page.keyboard.press("Escape");
      await expect(count).toHaveCount(0);
    });

    test("the header: primary icons, the Edition menu with named tools runs one, More by keyboard", async ({
      page,
    }) => {
      await brandPage(page, BRAND);
      const user = userWithFiles({ "Opuscula/varia.tex": TEX, "Opuscula/nota.txt": "n" });
      await loginAndOpen(page, user, "/files/Opuscula/");
      await item(page, "varia.tex").click();
      const header = page.getByTestId("header-actions");
      const edition = page
        .locator(
          '[data-testid="header-edition"]:visible, [data-testid="selection-edition"]:visible',
        )
        .first();
      await expect(edition).toBeVisible();
      await expect(edition).toHaveAccessibleName("Edition");

      if (width === 1280) {
        // Share, rename, copy, move, delete, download are icon buttons with their names.
        for (const name of ["Share", "Rename", "Copy", "Move", "Delete", "Download 1"]) {
          await expect(header.getByRole("button", { name, exact: true })).toBeVisible();
        }
        await expect(edition).toHaveText("Edition");
        // Their name shows as a tooltip on hover.
        await header.getByRole("button", { name: "Share" }).hover();
        await expect(page.locator(".tooltip")).toHaveText("Share");
        await page.mouse.move(640, 500);
        // Fifteen icons no more: at most ten buttons and the two menus.
        expect(await header.getByRole("button").count()).toBeLessThanOrEqual(12);
      } else {
        const bar = page.getByTestId("selection-bar");
        for (const name of ["Share", "Rename", "Copy", "Move", "Delete"]) {
          await expect(bar.getByRole("button", { name, exact: true })).toBeVisible();
        }
        await expect(page.getByTestId("selection-count")).toHaveText("1 selected");
        // The brand is whole: its text is not cut (no ellipsis, nothing hidden).
        const brand = page.locator(".app-header__brand span");
        await expect(brand).toHaveText(BRAND);
        const fits = await brand.evaluate(
          (el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1,
        );
        expect(fits).toBe(true);
        const box = await brand.boundingBox();
        const actions = await header.boundingBox();
        expect(box && actions && box.x + box.width).toBeLessThanOrEqual(actions?.x ?? 0);
      }
      await page.screenshot({ path: `${SCREENSHOTS}header-${width}.png`, animations: "disabled" });
      await expectNoAxe(page, `header with a selection (${width})`);

      // The Edition menu from the keyboard: Enter opens it on its first item, arrows move.
      await edition.focus();
      await page.keyboard.press("Enter");
      const menu = page.getByRole("menu", { name: "Edition" });
      await expect(menu).toBeVisible();
      const items = menu.getByRole("menuitem");
      await expect(items.first()).toHaveText("m2hv: compile to HTML");
      await expect(items.first()).toBeFocused();
      await expect(items).toContainText(["m2hv: compile to HTML", "pdflatex: make the PDF"]);
      await page.keyboard.press("ArrowDown");
      await expect(items.nth(1)).toBeFocused();
      await page.keyboard.press("End");
      await expect(items.last()).toBeFocused();
      await page.screenshot({
        path: `${SCREENSHOTS}header-edition-menu-${width}.png`,
        animations: "disabled",
      });
      await expectNoAxe(page, `Edition menu (${width})`);
      await page.keyboard.press("Escape");
      await expect(menu).toHaveCount(0);
      await expect(edition).toBeFocused();

      // The More menu: Escape closes it onto its button.
      const more = page
        .locator('[data-testid="header-more"]:visible, [data-testid="selection-more"]:visible')
        .first();
      await more.click();
      const moreMenu = page.getByRole("menu", { name: "More actions" });
      await expect(moreMenu).toBeVisible();
      await expect(moreMenu.locator("[role^=menuitem]").first()).toBeFocused();
      await expectNoAxe(page, `More menu (${width})`);
      await page.keyboard.press("Escape");
      await expect(moreMenu).toHaveCount(0);
      await expect(more).toBeFocused();

      // Run m2hv from the Edition menu.
      await edition.click();
      await menu.getByRole("menuitem", { name: "m2hv: compile to HTML" }).click();
      const dialog = page.getByTestId("prompt-edition-tool");
      await expect(dialog.getByTestId("tool-output-name")).toHaveValue("varia_m2hv");
      await dialog.getByTestId("tool-submit").click();
      await expect(page).toHaveURL(/\/files\/Opuscula\/varia_m2hv\/varia\.m2hv\.log$/, {
        timeout: 30_000,
      });
    });
  });
}

test("a large upload pauses and resumes from its row, and arrives whole", async ({ page }) => {
  test.setTimeout(60_000);
  const user = userWithFiles({ "keep.txt": "x" });
  await loginAndOpen(page, user);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  const big = randomBytes(6 * 1024 * 1024);
  await page.getByTestId("upload-input-files").setInputFiles({
    name: "codice.bin",
    mimeType: "application/octet-stream",
    buffer: big,
  });
  const row = page.locator('[data-testid="upload-item"][data-name="codice.bin"]');
  await expect(row).toHaveAttribute("data-state", "active");
  await page.getByRole("button", { name: "Pause codice.bin" }).click();
  await expect(row).toHaveAttribute("data-state", "paused");
  await expect(row).toContainText("Paused");
  await expectNoAxe(page, "upload panel, a paused file");
  // Paused: the upload stays staged on the server (a hidden file beside the target).
  const staged = () => readdirSync(scopeDir(user)).filter((name) => name !== "keep.txt");
  expect(staged()).toHaveLength(1);
  expect(staged()).not.toContain("codice.bin");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await page.getByRole("button", { name: "Resume codice.bin" }).click();
  await expect(row).toHaveAttribute("data-state", "done", { timeout: 30_000 });
  const sha = (data: Buffer) => createHash("sha256").update(data).digest("hex");
  expect(sha(readFileSync(path.join(scopeDir(user), "codice.bin")))).toBe(sha(big));
});
