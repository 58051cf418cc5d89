import { fileURLToPath } from "node:url";
import type { Browser, Page } from "@playwright/test";
import { axeViolations } from "../support/axe.js";
import { admin, expect, loginAndOpen, test } from "../support/fixtures.js";

/**
 * Issue 31, items 6 and 7: the login page shows the app's version and only what the admin wrote
 * for it, per language; the global settings are sections with a side navigation, each saved by
 * its own button, with a guard on unsaved changes and the branding applied at once.
 */
const SCREENSHOTS = fileURLToPath(new URL("../../../docs/screenshots/", import.meta.url));

const SECTIONS = [
  "general",
  "branding",
  "defaults",
  "uploads",
  "tools",
  "trash",
  "versions",
  "activity",
  "webdav",
  "shell",
  "hooks",
  "server",
] as const;

const PHONE = { width: 390, height: 844 };

const IT = "Piattaforma di lavoro dell’Edizione Nazionale.\n\nGli account sono personali.";
const EN = "The working platform of the National Edition.";

/** The login page as a visitor whose browser speaks `locale`. */
async function visitorLogin(
  browser: Browser,
  locale: string,
  viewport = { width: 1280, height: 800 },
) {
  const context = await browser.newContext({ locale, viewport });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page.getByTestId("login-version")).toBeVisible();
  return { page, close: () => context.close() };
}

/** Writes the login texts in the branding section (the language picker, then each field). */
async function writeLoginTexts(
  page: Page,
  texts: Record<string, { description: string; contact: string }>,
  fallback = "",
) {
  await page.goto("/settings/global/branding");
  const form = page.getByTestId("global-branding-form");
  for (const [locale, text] of Object.entries(texts)) {
    await form.getByTestId("global-login-language").selectOption(locale);
    await form.getByTestId("global-login-description").fill(text.description);
    await form.getByTestId("global-login-contact").fill(text.contact);
  }
  await form.getByTestId("global-login-fallback").selectOption(fallback);
  await form.getByTestId("global-branding-submit").click();
  await expect(page.getByTestId("toast-success").last()).toBeVisible();
}

test("the login page shows the app's version and nothing invented, at 1280 and 390 px", async ({
  browser,
}) => {
  for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
    const { page, close } = await visitorLogin(browser, "en-US", viewport);
    await expect(page.getByTestId("login-version")).toHaveText(/^version \d+\.\d+\.\d+/);
    await expect(page.getByTestId("login-version")).not.toContainText("4.0410");
    await expect(page.getByTestId("login-about")).toHaveCount(0);
    await expect(page.locator("body")).not.toContainText("example.org");
    await expect(page.locator("body")).not.toContainText("Maurolico");
    expect(await axeViolations(page, `login ${viewport.width}`)).toEqual([]);
    await close();
  }
});

test("an admin writes an Italian and an English description; the login page in each language shows its own", async ({
  page,
  browser,
}) => {
  await loginAndOpen(page, admin(), "/settings/global/branding");
  try {
    await writeLoginTexts(
      page,
      {
        it: { description: IT, contact: "coordinatore@example.org" },
        en: { description: EN, contact: "https://example.org/account" },
      },
      "",
    );
    expect(await axeViolations(page, "branding section with login texts")).toEqual([]);

    const italian = await visitorLogin(browser, "it-IT");
    const about = italian.page.getByTestId("login-description");
    await expect(about).toHaveAttribute("lang", "it");
    await expect(about.locator("p")).toHaveText([
      "Piattaforma di lavoro dell’Edizione Nazionale.",
      "Gli account sono personali.",
    ]);
    await expect(italian.page.getByTestId("login-contact").getByRole("link")).toHaveAttribute(
      "href",
      "mailto:coordinatore@example.org",
    );
    expect(await axeViolations(italian.page, "login in Italian with texts")).toEqual([]);
    await italian.page.screenshot({ path: `${SCREENSHOTS}login-texts.png` });
    await italian.close();

    const english = await visitorLogin(browser, "en-GB", PHONE);
    await expect(english.page.getByTestId("login-description")).toHaveText(EN);
    await expect(english.page.getByTestId("login-contact").getByRole("link")).toHaveAttribute(
      "href",
      "https://example.org/account",
    );
    expect(await axeViolations(english.page, "login in English with texts, phone")).toEqual([]);
    await english.page.screenshot({ path: `${SCREENSHOTS}login-texts-phone.png` });
    await english.close();

    // No text in German and no fallback: nothing; with Italian as the fallback: the Italian.
    const german = await visitorLogin(browser, "de-DE");
    await expect(german.page.getByTestId("login-about")).toHaveCount(0);
    await german.close();
    await page.goto("/settings/global/branding");
    await page.getByTestId("global-login-fallback").selectOption("it");
    await page.getByTestId("global-branding-submit").click();
    await expect(page.getByTestId("toast-success").last()).toBeVisible();
    const fallback = await visitorLogin(browser, "de-DE");
    await expect(fallback.page.getByTestId("login-description")).toHaveAttribute("lang", "it");
    await fallback.close();
  } finally {
    await writeLoginTexts(page, {
      it: { description: "", contact: "" },
      en: { description: "", contact: "" },
    });
  }
});

test("the sections: side navigation, deep links, Save only on changes, a guard, the name applied at once", async ({
  page,
}) => {
  await loginAndOpen(page, admin(), "/settings/global");
  await page.waitForURL(/\/settings\/global\/general$/);
  const nav = page.getByTestId("global-sections");
  await expect(nav.getByRole("link")).toHaveCount(SECTIONS.length);
  await expect(page.getByTestId("global-section-general")).toHaveAttribute("aria-current", "page");

  // Each section by its link, marked current, with one form and no serious axe violation.
  for (const section of SECTIONS) {
    await page.getByTestId(`global-section-${section}`).click();
    await page.waitForURL(new RegExp(`/settings/global/${section}$`));
    await expect(page.getByTestId(`global-section-${section}`)).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByTestId("global-settings")).toHaveAttribute("data-section", section);
    await expect(page.locator("main form").first()).toBeVisible();
    await expect(page.locator("main form")).toHaveCount(1);
    expect(await axeViolations(page, `settings section ${section}`)).toEqual([]);
  }
  // A deep link opens its section.
  await page.goto("/settings/global/tools");
  await expect(page.getByTestId("global-tools-form")).toBeVisible();

  // Save is enabled only with a change; leaving with one asks.
  await page.getByTestId("global-section-branding").click();
  const name = page.getByTestId("global-branding-name");
  const submit = page.getByTestId("global-branding-submit");
  await expect(submit).toBeDisabled();
  await page.screenshot({ path: `${SCREENSHOTS}settings-sections.png` });
  await name.fill("Edizione di prova");
  await expect(submit).toBeEnabled();
  await page.getByTestId("global-section-trash").click();
  const dialog = page.getByTestId("unsaved-changes");
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page, "unsaved changes question")).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}settings-unsaved.png` });
  await dialog.getByTestId("unsaved-stay").click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/settings\/global\/branding$/);
  await expect(name).toHaveValue("Edizione di prova");
  // Leaving the settings for another page asks as well.
  await page.getByTestId("sidebar-my-files").click();
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("unsaved-stay").click();

  try {
    // Saved: the header and the title follow without a reload.
    await submit.click();
    await expect(page.getByTestId("toast-success")).toBeVisible();
    await expect(page.getByRole("banner")).toContainText("Edizione di prova");
    await expect(page).toHaveTitle(/Edizione di prova/);
    await expect(submit).toBeDisabled();
    // Nothing unsaved now: another section opens without a question.
    await page.getByTestId("global-section-trash").click();
    await expect(page).toHaveURL(/\/settings\/global\/trash$/);
    await expect(dialog).toHaveCount(0);
  } finally {
    await page.goto("/settings/global/branding");
    await name.fill("");
    await submit.click();
    await expect(page.getByTestId("toast-success").last()).toBeVisible();
    await expect(page).toHaveTitle(/Scriptorium/);
  }
});

test("closing the tab with unsaved changes asks the browser's question", async ({ page }) => {
  await loginAndOpen(page, admin(), "/settings/global/general");
  await page.getByTestId("global-home-base").fill("/elsewhere");
  const asked = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const question = await asked;
  expect(question.type()).toBe("beforeunload");
  await question.accept();
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the sections are a list above the section; each opens and is marked", async ({ page }) => {
    await loginAndOpen(page, admin(), "/settings/global/general");
    const nav = page.getByTestId("global-sections");
    await expect(nav).toBeVisible();
    const box = await nav.boundingBox();
    const form = await page.getByTestId("global-general-form").boundingBox();
    expect(box && form && box.y + box.height <= form.y).toBe(true);
    expect(await axeViolations(page, "settings sections, phone")).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}settings-sections-phone.png`, fullPage: false });
    await page.getByTestId("global-section-branding").click();
    await expect(page.getByTestId("global-section-branding")).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByTestId("global-branding-form")).toBeVisible();
    expect(await axeViolations(page, "branding section, phone")).toEqual([]);
    await page.getByTestId("global-branding-form").screenshot({
      path: `${SCREENSHOTS}settings-branding-phone.png`,
    });
  });
});
