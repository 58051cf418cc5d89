import { statfsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { admin, expect, loginAndOpen, scopeDir, test, userWithFiles } from "../support/fixtures.js";

/*
 * Issue 31, item 10 (the smaller things): the usage bar of a scoped user, long left-to-right
 * names in Arabic, CodeMirror's find panel and completion icons, the note under the rules, the
 * log page's heading and the toasts' landmark.
 */
const SCREENSHOTS = fileURLToPath(new URL("../../../docs/screenshots/", import.meta.url));

const LONG_NAME =
  "Maurolyci_Messanensis_Opuscula_mathematica_Venetiis_apud_Franciscum_Franciscium_Senensem_Lespizio_Opuscula_1575.png";

const item = (page: Page, name: string) =>
  page.locator(`[data-testid="listing-item"][data-name="${name}"]`);

/**
 * How a one-line name element shows its text: its direction, whether it is cut, and whether
 * its first and last letters are inside the element's box.
 */
function nameBox(page: Page, selector: string) {
  return page.locator(selector).evaluate((el: HTMLElement) => {
    const text = el.firstChild as Text;
    const box = el.getBoundingClientRect();
    const charBox = (at: number) => {
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + 1);
      return range.getBoundingClientRect();
    };
    const first = charBox(0);
    const last = charBox((text.textContent ?? "").length - 1);
    const inside = (r: DOMRect) => r.left >= box.left - 1 && r.right <= box.right + 1;
    return {
      direction: getComputedStyle(el).direction,
      cut: el.scrollWidth > el.clientWidth,
      firstVisible: inside(first),
      lastVisible: inside(last),
    };
  });
}

test.describe("Arabic: long left-to-right names are cut at their end", () => {
  test.use({ locale: "ar-EG", viewport: { width: 390, height: 844 } });

  test("in the listing, the breadcrumbs and the preview's title", async ({ page }) => {
    const folder = "Opuscula_mathematica_Francisci_Maurolyci_Abbatis_Messanensis_1575";
    const user = userWithFiles(
      { [`${folder}/${LONG_NAME}`]: "png", [`${folder}/notae.txt`]: "notae\n" },
      ["--locale", "ar", "--viewMode", "list"],
    );
    await loginAndOpen(page, user, `/files/${folder}/`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(item(page, LONG_NAME)).toBeVisible();

    const name = `[data-testid="listing-item"][data-name="${LONG_NAME}"] .item__name`;
    expect(await nameBox(page, name)).toEqual({
      direction: "ltr",
      cut: true,
      firstVisible: true,
      lastVisible: false,
    });
    // The last crumb: the folder's long name, cut at its end too.
    const crumb = page.locator(".crumbs__name").last();
    await expect(crumb).toHaveText(folder);
    await expect(crumb).toHaveCSS("direction", "ltr");
    // A short name still sits on the page's side (right), beside its icon.
    const short = item(page, "notae.txt").locator(".item__name");
    await expect(short).toHaveCSS("text-align", "right");
    await page.screenshot({ path: `${SCREENSHOTS}rtl-names.png`, animations: "disabled" });

    await page.goto(`/files/${folder}/${LONG_NAME}`);
    await expect(page.locator(".preview__name")).toBeVisible();
    expect(await nameBox(page, ".preview__name")).toEqual({
      direction: "ltr",
      cut: true,
      firstVisible: true,
      lastVisible: false,
    });
  });
});

test.describe("the editor's find panel and completions", () => {
  test.use({ locale: "it-IT" });

  for (const scheme of ["light", "dark"] as const) {
    test(`the find panel in Italian, in the app's look (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const user = userWithFiles({ "Opuscula/notae.tex": "\\Unit Cosmographia\nnotae notae\n" }, [
        "--locale",
        "it",
      ]);
      await loginAndOpen(page, user, "/files/Opuscula/notae.tex");
      await page.locator(".cm-content").click();
      await page.keyboard.press("Control+f");
      const panel = page.locator(".cm-panel.cm-search");
      await expect(panel).toBeVisible();
      await page.keyboard.type("notae");
      await expect(panel.locator('button[name="next"]')).toHaveText("successivo");
      await expect(panel.locator('button[name="prev"]')).toHaveText("precedente");
      await expect(panel.locator('button[name="select"]')).toHaveText("tutti");
      await expect(panel).toContainText("maiuscole/minuscole");
      await expect(panel.locator('button[name="close"]')).toHaveAttribute("aria-label", "chiudi");
      // The app's look: its font (not the code's), its fields' and buttons' borders and colours.
      const look = await panel.evaluate((el) => {
        const root = getComputedStyle(document.documentElement);
        const button = getComputedStyle(el.querySelector(".cm-button") as Element);
        const field = getComputedStyle(el.querySelector(".cm-textfield") as Element);
        const probe = document.createElement("div");
        probe.style.color = root.getPropertyValue("--text");
        probe.style.backgroundColor = root.getPropertyValue("--surface");
        document.body.append(probe);
        const want = getComputedStyle(probe);
        const colours = { text: want.color, surface: want.backgroundColor };
        probe.remove();
        return {
          font: getComputedStyle(el).fontFamily.includes("monospace"),
          radius: button.borderTopLeftRadius !== "0px",
          gradient: button.backgroundImage,
          buttonText: button.color === colours.text,
          fieldSurface: field.backgroundColor === colours.surface,
          buttonHeight: button.height,
        };
      });
      expect(look).toEqual({
        font: false,
        radius: true,
        gradient: "none",
        buttonText: true,
        fieldSurface: true,
        buttonHeight: "32px",
      });
      await page.screenshot({
        path: `${SCREENSHOTS}editor-find${scheme === "dark" ? "-dark" : ""}.png`,
        animations: "disabled",
      });
    });
  }

  test("completion icons are the app's SVG icons, not empty boxes", async ({ page }) => {
    const user = userWithFiles({ "Opuscula/notae.tex": "\\Unit Cosmographia\n" }, [
      "--locale",
      "it",
    ]);
    await loginAndOpen(page, user, "/files/Opuscula/notae.tex");
    await page.locator(".cm-content").click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type("\\V");
    const list = page.locator(".cm-tooltip-autocomplete");
    await expect(list).toBeVisible();
    const icons = list.locator("li svg.cm-app-completion-icon");
    await expect(icons.first()).toBeVisible();
    await expect(icons.first()).toHaveAttribute("data-icon", "toolHtml");
    expect(await list.locator(".cm-completionIcon").count()).toBe(0);
    const box = await icons.first().boundingBox();
    expect(box?.width).toBeGreaterThan(8);
  });
});

test("the rules editor says that rule paths are relative to the scope", async ({ page }) => {
  await loginAndOpen(page, admin(), "/settings/users/new");
  await expect(page.getByTestId("user-rules-scope-note")).toContainText(
    "Rule paths are relative to the user's scope",
  );
});

test("the pdflatex log page has a level-one heading; toasts sit in a labelled region", async ({
  page,
}) => {
  const log = "EXECUTING: pdflatex notae.tex\n(./notae.tex\n! Undefined control sequence.\nl.2";
  const user = userWithFiles({
    "Opuscula/notae.tex": "\\documentclass{article}\n",
    "Opuscula/notae.pdflatex.log": `${log}\n---- exit code 1\n`,
    "Opuscula/b.txt": "b\n",
    "Opuscula/Libro/x.txt": "x\n",
  });
  await loginAndOpen(page, user, "/files/Opuscula/notae.pdflatex.log");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log of pdflatex");

  // An error toast: a rename onto a folder's name.
  await page.goto("/files/Opuscula/");
  await item(page, "b.txt").click();
  await page.keyboard.press("F2");
  const input = page.getByTestId("prompt-rename").locator("input");
  await input.fill("Libro");
  await input.press("Enter");
  const region = page.getByRole("region", { name: "Notifications" });
  await expect(region.locator(".toast")).toBeVisible();
});

test("a scoped user's usage bar shows the bytes of the scope, not the server's disk", async ({
  page,
}) => {
  const user = userWithFiles({
    "Scans/folio-001r.jpg": Buffer.alloc(3 * 1024 * 1024, 1),
    "Opuscula/notae.txt": "x".repeat(1024 * 1024),
  });
  await loginAndOpen(page, user, "/files/Scans/");
  const bar = page.getByTestId("sidebar-usage");
  await expect(bar).toBeVisible();
  const free = statfsSync(scopeDir(user));
  const total = 4 * 1024 * 1024 + free.bavail * free.bsize;
  // "4.00 MiB of … used": the scope's own bytes; the total is them plus the volume's free space.
  await expect(bar.locator(".usage__label")).toContainText("4.00 MiB");
  const percent = Number(await bar.getByRole("progressbar").getAttribute("aria-valuenow"));
  expect(percent).toBe(Math.round(((4 * 1024 * 1024) / total) * 100));
  await page.screenshot({
    path: `${SCREENSHOTS}usage-bar.png`,
    clip: { x: 0, y: 0, width: 320, height: 800 },
    animations: "disabled",
  });
});
