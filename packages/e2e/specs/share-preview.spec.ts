import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { axeViolations } from "../support/axe.js";
import { admin, expect, scopeDir, test, userWithFiles } from "../support/fixtures.js";
import { REPO } from "../support/server.js";

/*
 * Issue 31, item 4: a shared `.tex` shows its text highlighted as in the editor, "Open" shows
 * it as text in a tab (no download), and a shared folder of m2hv's output shows its pages.
 * Every page is a visitor's: a fresh context with no login.
 */

const SCREENSHOTS = fileURLToPath(new URL("../../../docs/screenshots/", import.meta.url));
const M2HV = path.join(REPO, "packages/server/src/test/maurotex-standin/m2hv");

const LIBER = [
  "\\documentclass{article}",
  "\\usepackage{mauro}",
  "\\ElencoTestimoni{A/B}",
  "",
  "\\begin{document}",
  "\\htmlcut",
  "% TODO controllare la lezione di B",
  "\\Unit LIBER PRIMUS",
  "Omnis triangulus \\VV{{*/A:rectangulus}{B:rectus}} habet tres angulos,",
  "qui \\VV{{*:duobus rectis}{B:duobus}} aequales sunt.",
  "\\end{document}",
  "",
].join("\n");

async function createShare(request: APIRequestContext, sharePath: string): Promise<string> {
  const login = await request.post("/api/login", { data: admin() });
  expect(login.status()).toBe(200);
  const res = await request.post(`/api/share${sharePath}`, {
    headers: { "X-Auth": await login.text() },
    data: {},
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { hash: string }).hash;
}

async function visitor(browser: Browser, baseURL: string | undefined, width: number) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: width > 600 ? 860 : 780 },
  });
  return { context, page: await context.newPage() };
}

/** m2hv's output for `liber.tex` in `dir`, as the app leaves it (the source's copy removed). */
function compileEdition(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "liber.tex"), LIBER);
  execFileSync(process.execPath, [M2HV, "./liber.tex"], { cwd: dir, stdio: "ignore" });
  rmSync(path.join(dir, "liber.tex"));
  // The app's redirecting index beside the frame page (edition-tools/folder-tool.ts).
  writeFileSync(
    path.join(dir, "index.html"),
    '<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="0; url=liber-1f.htm"><title>liber-1f.htm</title></head><body><a href="liber-1f.htm">liber-1f.htm</a></body></html>\n',
  );
  expect(readdirSync(dir)).toContain("liber-1f.htm");
}

/** The colour of a highlighted token of the view, and of the plain text around it. */
async function tokenColours(page: Page): Promise<{ token: string; text: string }> {
  return page.getByTestId("read-only-code").evaluate((view) => {
    const line = Array.from(view.querySelectorAll<HTMLElement>(".cm-line")).find((l) =>
      l.textContent?.includes("Omnis"),
    );
    const span = Array.from(line?.querySelectorAll("span") ?? []).find((s) =>
      s.textContent?.startsWith("\\VV"),
    );
    return {
      token: span ? getComputedStyle(span).color : "",
      text: line ? getComputedStyle(line).color : "",
    };
  });
}

for (const width of [1280, 390]) {
  test(`${width} px: a shared .tex is shown highlighted, read only; Open shows it as text`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const user = userWithFiles({ "Edizione/liber.tex": LIBER });
    const hash = await createShare(request, `/${user.username}/Edizione/liber.tex`);
    const { context, page } = await visitor(browser, baseURL, width);
    await page.goto(`/share/${hash}`);

    const text = page.getByTestId("share-text");
    await expect(text).toBeVisible();
    const view = page.getByTestId("read-only-code");
    await expect(view).toBeVisible();
    await expect(view.locator(".cm-content")).toContainText("% TODO controllare");
    await expect(view.locator(".cm-content")).toHaveAttribute("contenteditable", "false");
    await expect(view.locator(".cm-content")).toHaveAttribute("aria-label", "Text of liber.tex");
    // Mauro-TeX's macros in their own colour, as in the editor.
    await expect.poll(async () => (await tokenColours(page)).token).not.toBe("");
    const colours = await tokenColours(page);
    expect(colours.token).not.toBe(colours.text);
    await expect(page.getByTestId("share-text-cut")).toHaveCount(0);
    expect(await axeViolations(page, `shared .tex ${width}`)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}share-tex-${width}.png`, fullPage: true });

    // "Open": the text in a new tab, not a download.
    let downloaded = false;
    context.on("page", (p) => p.on("download", () => (downloaded = true)));
    const href = (await page.getByTestId("share-open").getAttribute("href")) ?? "";
    const served = await context.request.get(href);
    expect(served.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    expect(served.headers()["content-disposition"]).toMatch(/^inline/);
    const [tab] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByTestId("share-open").click(),
    ]);
    await expect(tab.locator("body")).toContainText("\\VV{{*/A:rectangulus}{B:rectus}}");
    expect(tab.isClosed()).toBe(false);
    expect(downloaded).toBe(false);
    if (width === 1280) {
      await tab.screenshot({ path: `${SCREENSHOTS}share-tex-open.png` });
    }
    await context.close();
  });

  test(`${width} px: a shared folder of m2hv's output shows the edition's pages`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const user = userWithFiles({ "Edizione/note.md": "# Note\n\nDa *rivedere*.\n" });
    compileEdition(path.join(scopeDir(user), "Edizione", "html"));
    const hash = await createShare(request, `/${user.username}/Edizione/html/`);
    const { context, page } = await visitor(browser, baseURL, width);
    await page.goto(`/share/${hash}`);

    const edition = page.getByTestId("share-edition");
    await expect(edition).toBeVisible();
    await expect(edition.getByRole("heading", { name: "Read the edition" })).toBeVisible();
    const frame = edition.getByTestId("share-edition-frame");
    await expect(frame).toHaveAttribute("sandbox", "");
    await expect(frame).toHaveAttribute("src", /\/liber-1f\.htm\?view=read$/);
    // The frame page's own frames (text and apparatus) load from the shared folder.
    const textFrame = page
      .frameLocator('[data-testid="share-edition-frame"]')
      .frameLocator('iframe[name="testo"]');
    await expect(textFrame.locator("body")).toContainText("Omnis triangulus");
    expect(await axeViolations(page, `shared m2hv folder ${width}`)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}share-edition-${width}.png` });

    // The reading view folds away, and opens again.
    await edition.locator("summary").click();
    await expect(frame).toBeHidden();
    await edition.locator("summary").click();
    await expect(frame).toBeVisible();

    // The folder's files are still listed below.
    await expect(page.locator('[data-testid="share-item"][data-name="liber-1.htm"]')).toBeVisible();
    await context.close();
  });
}

test("a folder link: a selected text file previewed beside the list; a long one is cut with a note", async ({
  browser,
  request,
  baseURL,
}) => {
  const long = `${"\\Unit Lorem ipsum dolor sit amet, \\VV{{A:uno}{B:due}} consectetur.\n".repeat(5000)}`;
  const user = userWithFiles({
    "Trascrizioni/liber.tex": LIBER,
    "Trascrizioni/lunga.tex": long,
  });
  const hash = await createShare(request, `/${user.username}/Trascrizioni/`);
  const { context, page } = await visitor(browser, baseURL, 1280);
  await page.goto(`/share/${hash}`);
  await page.locator('[data-testid="share-item"][data-name="liber.tex"]').click();
  const preview = page.getByTestId("share-preview");
  await expect(preview.getByTestId("read-only-code")).toContainText("Omnis triangulus");
  expect(await axeViolations(page, "folder text preview")).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}share-folder-text-1280.png` });

  // Another selection: the long one shows its first 256 KiB and says so.
  await page.locator('[data-testid="share-item"][data-name="liber.tex"]').click();
  await page.locator('[data-testid="share-item"][data-name="lunga.tex"]').click();
  const note = preview.getByTestId("share-text-cut");
  await expect(note).toContainText("Showing the first 256.00 KiB of");
  await expect(note.getByRole("link")).toHaveAttribute("href", /\/lunga\.tex$/);
  expect(await axeViolations(page, "folder long text preview")).toEqual([]);
  await expect(
    page.locator('[data-testid="share-item"][data-name="lunga.tex"] .share-item__name'),
  ).toBeVisible();

  // On a phone the preview comes above the list.
  await page.setViewportSize({ width: 390, height: 780 });
  await expect(note).toBeVisible();
  expect(await axeViolations(page, "folder long text preview 390")).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}share-folder-text-390.png` });
  await context.close();
});

test("in the dark theme and in Arabic: the text and the edition pass axe", async ({
  browser,
  request,
  baseURL,
}) => {
  const user = userWithFiles({ "Edizione/liber.tex": LIBER });
  compileEdition(path.join(scopeDir(user), "Edizione", "html"));
  const file = await createShare(request, `/${user.username}/Edizione/liber.tex`);
  const folder = await createShare(request, `/${user.username}/Edizione/html/`);
  const context = await browser.newContext({
    baseURL,
    colorScheme: "dark",
    locale: "ar-EG",
    viewport: { width: 390, height: 780 },
  });
  const page = await context.newPage();
  await page.goto(`/share/${file}`);
  await expect(page.getByTestId("read-only-code").locator(".cm-content")).toContainText("\\VV");
  // Code stays left to right inside the right-to-left page.
  await expect(page.getByTestId("read-only-code").locator(".cm-editor")).toHaveAttribute(
    "dir",
    "ltr",
  );
  expect(await axeViolations(page, "shared .tex, dark, ar")).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}share-tex-dark-ar-390.png` });
  await page.goto(`/share/${folder}`);
  await expect(page.getByTestId("share-edition-frame")).toBeVisible();
  expect(await axeViolations(page, "shared m2hv folder, dark, ar")).toEqual([]);
  await context.close();
});
