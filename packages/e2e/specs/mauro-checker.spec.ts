import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { axeViolations } from "../support/axe.js";
import { expect, loginAndOpen, test, userWithFiles } from "../support/fixtures.js";
import { FIXTURES } from "../support/tree.js";

/*
 * The live Mauro-TeX checker in the editor (issue 30): marks as the user types, before any
 * compile, from a web worker; the outline panel; completion that never changes what was typed.
 */
const SOURCE = "Opuscula/varia-de-centris.tex";
const fixture = () => readFileSync(path.join(FIXTURES, "varia-de-centris.tex"), "utf8");
/** The editor's pause after the last keystroke before it checks (live-check.ts CHECK_DELAY_MS). */
const CHECK_PAUSE_MS = 200;
const SCREENSHOTS = fileURLToPath(new URL("../../../docs/screenshots/", import.meta.url));

// The shared package's checker was a braces-only placeholder (no outline, no sigla) when this was
// written: the outline and go-to tests are expected to fail until the real checker replaces it,
// then must pass.
const CHECKER_SOURCE = fileURLToPath(
  new URL("../../shared/src/lib/maurotex-check/check.ts", import.meta.url),
);
const PLACEHOLDER_CHECKER = readFileSync(CHECKER_SOURCE, "utf8").includes("Contract placeholder");

/** The 1-based line of the fixture that holds `text`. */
function lineOf(text: string): number {
  return fixture().slice(0, fixture().indexOf(text)).split("\n").length;
}

/** Opens the fixture in the editor at the line that holds `at` (CodeMirror draws what is seen). */
async function openFixture(page: Page, at: string) {
  const user = userWithFiles({ [SOURCE]: fixture() });
  await loginAndOpen(page, user, `/files/${SOURCE}?line=${lineOf(at)}`);
  await expect(page.locator(".cm-content")).toContainText(at);
  return user;
}

/** Puts the cursor at the end of the line that holds `text`. */
async function endOfLine(page: Page, text: string) {
  await page.locator(".cm-line", { hasText: text }).first().click();
  await page.keyboard.press("End");
}

async function authHeaders(request: APIRequestContext, user: object) {
  const login = await request.post("/api/login", { data: user });
  expect(login.ok()).toBe(true);
  return { "X-Auth": await login.text() };
}

test("an unbalanced brace is marked within a second of typing it, before any compile, and the mark goes when it is fixed", async ({
  page,
}) => {
  const patches: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PATCH") patches.push(request.url());
  });
  await openFixture(page, "\\Capitolo{Prove novembre 2023}");
  const marks = page.locator(".cm-content .cm-checkDiagnostic");
  await expect(marks).toHaveCount(0);

  await endOfLine(page, "\\Capitolo{Prove novembre 2023}");
  await page.keyboard.type(" fine}");
  const typedAt = Date.now();
  await expect(marks.first()).toBeVisible({ timeout: 1000 });
  expect(Date.now() - typedAt).toBeLessThan(1000);
  // Marked like the compile's diagnostics: underlined, an error in the gutter, the message on
  // hover.
  await expect(marks.first()).toHaveClass(/cm-lintRange-error/);
  await expect(page.locator(".cm-gutter-lint .cm-lint-marker-error").first()).toBeVisible();
  await marks.first().hover();
  const tooltip = page.locator(".cm-tooltip-lint");
  await expect(tooltip).toBeVisible();
  expect((await tooltip.innerText()).trim().length).toBeGreaterThan(0);

  // F8 goes to the next mark (from the top: the brace just typed).
  await page.keyboard.press("Control+Home");
  await page.keyboard.press("F8");
  await expect(page.locator(".cm-activeLine")).toContainText(
    "\\Capitolo{Prove novembre 2023} fine}",
  );
  await page.keyboard.press("End");

  await page.keyboard.press("Backspace");
  await expect(marks).toHaveCount(0, { timeout: 1000 });
  // Nothing was compiled.
  expect(patches).toEqual([]);
});

test("typing a paragraph with macros and Enter reads back exactly what was typed", async ({
  page,
}) => {
  const user = await openFixture(page, "\\Sottocapitolo{Problema tagid}");
  await endOfLine(page, "\\Sottocapitolo{Problema tagid}");
  const lines = [
    "Testo da controllare \\VV",
    "Prova \\VV{{A:x}{B:y}} e \\NOTAMARG{nota} \\V",
    "\\Unit Fine \\Cit",
  ];
  for (const line of lines) {
    await page.keyboard.press("Enter");
    // Slow enough for the completion menu to open after each macro (as a person types).
    await page.keyboard.type(line, { delay: 15 });
    await page.waitForTimeout(300);
  }
  await page.keyboard.press("Enter");
  await page.keyboard.type("ultima riga");
  await page.keyboard.press("Control+s");
  await expect(page.getByTestId("editor-save")).toHaveAttribute("data-state", "saved");

  const expected = fixture().replace(
    "\\Sottocapitolo{Problema tagid}\n",
    `\\Sottocapitolo{Problema tagid}\n${lines.join("\n")}\nultima riga\n`,
  );
  const headers = await authHeaders(page.request, user);
  const raw = await page.request.get(`/api/raw/${SOURCE}`, { headers });
  expect(raw.status()).toBe(200);
  expect(await raw.text()).toBe(expected);
});

test("the outline lists the fixture's parts, goes to one on click and follows the cursor", async ({
  page,
}) => {
  test.fail(PLACEHOLDER_CHECKER, "the placeholder checker has no outline (passes once it merges)");
  await openFixture(page, "\\Title{");
  await page.getByTestId("editor-outline-toggle").click();
  const entries = page.getByTestId("editor-outline-entry");
  await expect(entries.filter({ hasText: "Problema tagid" })).toHaveCount(1);
  const kinds = await entries.evaluateAll((list) => list.map((e) => e.getAttribute("data-kind")));
  expect(kinds.filter((k) => k === "Capitolo")).toHaveLength(4);
  expect(kinds.filter((k) => k === "Sottocapitolo")).toHaveLength(3);
  await expect(entries.filter({ hasText: "Prove novembre 2023" })).toHaveCount(1);

  await entries.filter({ hasText: "Problema tagid" }).click();
  await expect(page.locator(".cm-activeLine")).toContainText("\\Sottocapitolo{Problema tagid}");
  await expect(entries.filter({ hasText: "Problema tagid" })).toHaveAttribute(
    "aria-current",
    "location",
  );
  // The cursor moves back up: the part it is in is marked instead.
  await page.locator(".cm-line", { hasText: "\\Sottocapitolo{Problema tabular}" }).click();
  await expect(entries.filter({ hasText: "Problema tabular" }).first()).toHaveAttribute(
    "aria-current",
    "location",
  );
  await expect(entries.filter({ hasText: "Problema tagid" })).not.toHaveAttribute(
    "aria-current",
    "location",
  );

  // Kept across visits.
  await page.reload();
  await expect(page.getByTestId("editor-outline")).toBeVisible();
});

test("the outline panel: its toggle in the editor's bar, kept across visits, accessible", async ({
  page,
}) => {
  await openFixture(page, "\\Title{");
  const toggle = page.getByTestId("editor-outline-toggle");
  const panel = page.getByTestId("editor-outline");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(panel).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  // Beside the text, not over it.
  const panelBox = await panel.boundingBox();
  const textBox = await page.locator(".cm-editor").boundingBox();
  expect((panelBox?.x ?? 0) + (panelBox?.width ?? 0)).toBeLessThanOrEqual((textBox?.x ?? 0) + 1);
  expect(await axeViolations(page, "outline open")).toEqual([]);

  await page.reload();
  await expect(panel).toBeVisible();
  await page.getByTestId("editor-outline-close").click();
  await expect(panel).toBeHidden();
  await page.reload();
  await expect(page.locator(".cm-content")).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(panel).toBeHidden();
});

test("the siglum of a reading goes to its declaration with F12 and Ctrl+click", async ({
  page,
}) => {
  test.fail(PLACEHOLDER_CHECKER, "the placeholder checker finds no sigla (passes once it merges)");
  await openFixture(page, "\\VV{{A:\\INTERL:interl}}");
  const reading = page.locator(".cm-line", { hasText: "\\VV{{A:\\INTERL:interl}}" });
  const siglum = reading.locator(".cm-mauro-sigla");
  await siglum.click();
  await page.keyboard.press("F12");
  await expect(page.locator(".cm-activeLine")).toContainText("\\ElencoTestimoni{1/A/A+");
  const selected = await page.evaluate(() => window.getSelection()?.toString());
  expect(selected).toBe("A");

  // Back to the reading, then Ctrl+click.
  await page.goto(`/files/${SOURCE}?line=${lineOf("\\VV{{A:\\INTERL:interl}}")}`);
  await siglum.click({ modifiers: ["Control"] });
  await expect(page.locator(".cm-activeLine")).toContainText("\\ElencoTestimoni{1/A/A+");
});

test("a 5,000-line document is checked off the main thread in at most 50 ms after a keystroke", async ({
  page,
}) => {
  const text = fixture();
  const body = text.slice(text.indexOf("\\htmlcut") + 9, text.indexOf("\\end{document}"));
  const parts = [text.slice(0, text.indexOf("\\htmlcut") + 9)];
  while (parts.join("").split("\n").length < 5000) parts.push(body);
  const big = `${parts.join("")}\\end{document}\n`;
  const user = userWithFiles({ "Opuscula/grande.tex": big });
  // A line near the middle where a brace is text, not a comment.
  const lines = big.split("\n");
  const line = lines.indexOf("\\Sottocapitolo{Problema tagid}", 2400) + 1;
  await loginAndOpen(page, user, `/files/Opuscula/grande.tex?line=${line}`);
  const editor = page.locator(".cm-editor");
  await expect(editor).toHaveAttribute("data-check-ms", /\d/, { timeout: 10_000 });
  await page.locator(".cm-activeLine").click();
  await page.keyboard.press("End");
  const mark = page.locator(".cm-content .cm-checkDiagnostic").first();
  // A stray brace typed, taken out, typed again: the worker has warmed up by the last check.
  const times: number[] = [];
  let latency = 0;
  for (const key of ["}", "Backspace", "}"]) {
    const typed = Date.now();
    await page.keyboard.press(key);
    if (key !== "}") {
      await expect(mark).toBeHidden({ timeout: 2000 });
      continue;
    }
    // Only a check can mark the brace just typed.
    await expect(mark).toBeVisible({ timeout: 2000 });
    latency = Date.now() - typed;
    times.push(Number(await editor.getAttribute("data-check-ms")));
  }
  const checkMs = times.at(-1) ?? NaN;
  test.info().annotations.push({
    type: "bench",
    description: `checker on ${lines.length} lines: ${times.join(" / ")} ms in the worker; the last mark ${latency} ms after its keystroke (the check starts after a ${CHECK_PAUSE_MS} ms pause)`,
  });
  console.log(test.info().annotations.at(-1)?.description);
  expect(checkMs).toBeLessThanOrEqual(50);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the outline is a sheet over the text, closed by a choice or a tap outside", async ({
    page,
  }) => {
    await openFixture(page, "\\Title{");
    await page.getByTestId("editor-outline-toggle").click();
    const sheet = page.getByTestId("editor-outline");
    await expect(sheet).toBeVisible();
    const box = await sheet.boundingBox();
    expect(box).not.toBeNull();
    expect(box?.x).toBe(0);
    expect(box?.width).toBe(375);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(740, 0);
    expect(box?.height ?? 0).toBeLessThanOrEqual(740 * 0.66);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    expect(await axeViolations(page, "outline sheet")).toEqual([]);
    await page.screenshot({
      path: `${SCREENSHOTS}editor-outline-phone.png`,
      animations: "disabled",
    });

    const entry = page.getByTestId("editor-outline-entry").first();
    if (await entry.count()) {
      await entry.click();
    } else {
      await page.mouse.click(180, 80);
    }
    await expect(sheet).toBeHidden();
    // Not remembered on a phone: the text comes first on the next visit.
    await page.reload();
    await expect(page.locator(".cm-content")).toBeVisible();
    await expect(sheet).toBeHidden();
  });
});
