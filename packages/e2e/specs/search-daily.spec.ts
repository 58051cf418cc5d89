import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import { axeViolations } from "../support/axe.js";
import { expect, loginAndOpen, test, userWithFiles } from "../support/fixtures.js";

/*
 * Search as an editor uses it every day (issue 31, item 1): "citta" finds "Città.tex" (names
 * fold case and accents as full text does), a .tex hit shows its whole line with the match
 * marked and the readings' sigla beside it, `%` comments ("TODO controllare") are found with the
 * comments switch, the Text chip adds type:text, and the placeholder says subfolders are
 * searched too. At 1280 and 390 px, with axe on each state.
 */

const SCREENSHOTS = fileURLToPath(new URL("../../../docs/screenshots/", import.meta.url));

const TEX = [
  "\\Unit De civitate",
  "Nella \\VV{{A/B:città}{C:civitate}} di Messina, come scrive l'autore.",
  "% TODO controllare la lezione di C contro Bas",
  "Prima propositio.",
  "",
].join("\n");

const FILES = {
  "Lettere/Città.tex": TEX,
  "Lettere/CITTA-indice.txt": "indice\n",
  "Opuscula/notes.md": "Note sulla citta\n",
};

const overlay = (page: Page) => page.getByTestId("search");
const input = (page: Page) => page.getByTestId("search-input");

/** Asks again (Enter) until `target` is on screen: the index learns of files a moment later. */
async function untilShown(page: Page, target: Locator) {
  await expect(async () => {
    await input(page).press("Enter");
    await expect(target.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

for (const [width, height, tag] of [
  [1280, 800, "1280"],
  [390, 844, "390"],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test(`citta finds Città.tex; a .tex line with its sigla; a comment; the Text chip (${tag})`, async ({
      page,
    }) => {
      const user = userWithFiles(FILES, ["--viewMode", "list"]);
      await loginAndOpen(page, user, "/files/");
      await expect(page.locator('[data-testid="listing-item"]').first()).toBeVisible();
      await page.keyboard.press("ControlOrMeta+f");
      await expect(overlay(page)).toBeVisible();
      await expect(input(page)).toHaveAttribute(
        "placeholder",
        "Search names in this folder and its subfolders",
      );
      await expect(overlay(page)).toContainText("and its subfolders");
      await page.screenshot({
        path: `${SCREENSHOTS}search-placeholder-${tag}.png`,
        animations: "disabled",
      });

      // Names: "citta" finds "Città.tex" and "CITTA-indice.txt", the letters marked.
      await input(page).fill("citta");
      const named = overlay(page).locator(
        '[data-testid="search-result"][data-path="Lettere/Città.tex"]',
      );
      await untilShown(page, named);
      await expect(named.locator("mark")).toHaveText(["Città"]);
      await expect(
        overlay(page).locator(
          '[data-testid="search-result"][data-path="Lettere/CITTA-indice.txt"]',
        ),
      ).toBeVisible();
      expect(await axeViolations(page, `search names ${tag}`)).toEqual([]);
      await page.screenshot({
        path: `${SCREENSHOTS}search-names-${tag}.png`,
        animations: "disabled",
      });

      // The Text chip: type:text keeps the text files only (here all three are text).
      const chip = overlay(page).getByTestId("search-type-text");
      await expect(chip).toHaveText("Text");
      await chip.click();
      await expect(input(page)).toHaveValue("citta type:text");
      await expect(chip).toHaveAttribute("aria-pressed", "true");
      await untilShown(page, named);
      await chip.click();
      await expect(input(page)).toHaveValue("citta");

      // Inside files: the .tex hit shows its whole line, the reading marked, its sigla beside it.
      await overlay(page).getByTestId("search-content").check();
      await expect(input(page)).toHaveAttribute(
        "placeholder",
        "Search words inside text files in this folder and its subfolders",
      );
      const reading = overlay(page)
        .locator('[data-testid="search-result"][data-path="Lettere/Città.tex"]')
        .filter({ has: page.getByTestId("search-witnesses") });
      await untilShown(page, reading);
      await expect(reading).toContainText("line 2");
      const line = reading.getByTestId("search-snippet");
      await expect(line).toHaveText(
        "Nella \\VV{{A/B:città}{C:civitate}} di Messina, come scrive l'autore.",
      );
      await expect(line.locator("mark")).toHaveText(["città"]);
      await expect(reading.getByTestId("search-witnesses")).toHaveText("Witnesses: A, B");
      const md = overlay(page).locator(
        '[data-testid="search-result"][data-path="Opuscula/notes.md"]',
      );
      await expect(md.getByTestId("search-snippet").locator("mark")).toHaveText(["citta"]);
      expect(await axeViolations(page, `search text ${tag}`)).toEqual([]);
      await page.screenshot({
        path: `${SCREENSHOTS}search-tex-line-${tag}.png`,
        animations: "disabled",
      });

      // Comments: the switch puts comment: in the query; the TODO is found with its line.
      await input(page).fill("controllare");
      await overlay(page).getByTestId("search-comments").check();
      await expect(input(page)).toHaveValue("comment: controllare");
      await expect(input(page)).toHaveAttribute(
        "placeholder",
        "Search % comments of .tex files in this folder and its subfolders",
      );
      const comment = overlay(page).locator(
        '[data-testid="search-result"][data-path="Lettere/Città.tex"]',
      );
      await untilShown(page, comment.filter({ has: page.getByTestId("search-comment") }));
      await expect(comment).toHaveCount(1);
      await expect(comment).toContainText("line 3");
      await expect(comment.getByTestId("search-comment")).toHaveText("Comment");
      await expect(comment.getByTestId("search-snippet")).toHaveText(
        "% TODO controllare la lezione di C contro Bas",
      );
      await expect(comment.getByTestId("search-snippet").locator("mark")).toHaveText([
        "controllare",
      ]);
      expect(await axeViolations(page, `search comments ${tag}`)).toEqual([]);
      await page.screenshot({
        path: `${SCREENSHOTS}search-comment-${tag}.png`,
        animations: "disabled",
      });

      // Without comment:, a comment's words are not text.
      await overlay(page).getByTestId("search-comments").uncheck();
      await expect(input(page)).toHaveValue("controllare");
      await input(page).press("Enter");
      await expect(overlay(page).getByText("No results")).toBeVisible();

      // A hit opens the editor at its line.
      await input(page).fill("civitate");
      const variant = overlay(page)
        .locator('[data-testid="search-result"]')
        .filter({ has: page.getByTestId("search-witnesses") });
      await untilShown(page, variant);
      await expect(variant.getByTestId("search-witnesses")).toHaveText("Witnesses: C");
      await variant.first().click();
      await expect(page).toHaveURL(/\/files\/Lettere\/Citt%C3%A0\.tex\?line=2$/);
      await expect(page.locator(".cm-activeLine")).toContainText("civitate");
    });
  });
}
