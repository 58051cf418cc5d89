import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { axeViolations } from "../support/axe.js";
import { startExecServer, stopExecServer, type ExecServer } from "../support/exec-server.js";
import { cli, REPO } from "../support/server.js";
import { FIXTURES } from "../support/tree.js";
import { expect, login, test } from "../support/fixtures.js";
import { runAction } from "../support/actions.js";

/*
 * Issue 15: axe-core on every page and dialog, in light and dark, at desktop and phone width,
 * in English and in Arabic (right to left). A serious or critical violation anywhere fails the
 * test, which lists each one with the state it was found in.
 *
 * The pages run against a server of their own with the shell enabled (the shell panel is one
 * of the pages), as an administrator (the settings pages for users and global settings).
 */

// A step that cannot be done fails at once, naming the step, rather than at the test's end.
test.use({ actionTimeout: 10_000 });

let server: ExecServer | undefined;
const srv = (): ExecServer => {
  if (!server) throw new Error("no server");
  return server;
};

test.beforeAll(async () => {
  server = await startExecServer();
});
test.afterAll(() => stopExecServer(server));

let counter = 0;

/** An administrator with the shell, in `locale`, whose scope holds a small edition folder. */
async function editor(locale: string): Promise<{ username: string; password: string }> {
  counter += 1;
  const username = `a11y${Date.now().toString(36)}${counter}`;
  const password = `pw-${username}-long`;
  const { db, root } = srv();
  cli([
    "users",
    "add",
    username,
    password,
    "-d",
    db,
    "-r",
    root,
    "--scope",
    `/${username}`,
    "--locale",
    locale,
    "--perm.admin",
    "--perm.execute=true",
    "--commands=ls",
    "--viewMode",
    "list",
  ]);
  const scope = path.join(root, username);
  const folder = path.join(scope, "Opuscula");
  mkdirSync(path.join(folder, "Libro I"), { recursive: true });
  mkdirSync(path.join(scope, "Archivio"), { recursive: true });
  writeFileSync(
    path.join(folder, "cosmographia.tex"),
    "\\documentclass{article}\n% commento\n\\begin{document}\n\\Unit Cosmographia\n\\end{document}\n",
  );
  writeFileSync(path.join(folder, "notae.txt"), "notae\n");
  writeFileSync(path.join(folder, "cosmographia.pdflatex.log"), PDFLATEX_LOG);
  writeFileSync(
    path.join(folder, "varia.tex"),
    readFileSync(path.join(FIXTURES, "varia-de-centris.tex")),
  );
  writeFileSync(path.join(folder, "tabula.pdf"), tinyPdf());
  writeFileSync(path.join(folder, "Libro I", "caput.txt"), "caput\n");
  const image = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 160, g: 80, b: 40 } },
  })
    .png()
    .toBuffer();
  writeFileSync(path.join(folder, "tabula.png"), image);
  execFileSync("zip", ["-q", "-r", path.join(folder, "archivum.zip"), "Libro I"], { cwd: folder });
  return { username, password };
}

/** A pdflatex log with one error, for the tool log page. */
const PDFLATEX_LOG = [
  "EXECUTING: pdflatex -interaction=nonstopmode cosmographia.tex",
  "This is pdfTeX, Version 3.141592653",
  "(./cosmographia.tex",
  "! Undefined control sequence.",
  "l.4 \\Unit",
  "           Cosmographia",
  "---- exit code 1",
  "",
].join("\n");

/** A one-page PDF with a line of text, its cross-reference table counted here. */
function tinyPdf(): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    "<< /Length 44 >>\nstream\nBT /F1 18 Tf 40 100 Td (Cosmographia) Tj ET\nendstream",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** The stand-in Mauro-TeX compilers of the server's tests (the real ones are not shipped). */
const STANDINS = path.join(REPO, "packages/server/src/test/maurotex-standin");

/** Points the server's tool folders at the stand-ins, so that the tool dialogs are offered. */
async function enableTools(page: Page, user: { username: string; password: string }) {
  const login = await page.request.post(`${srv().url}/api/login`, { data: user });
  const headers = { "X-Auth": await login.text() };
  const res = await page.request.get(`${srv().url}/api/settings`, { headers });
  const settings = (await res.json()) as { tools: Record<string, unknown> };
  const folders = [STANDINS, path.dirname(process.execPath)];
  const saved = await page.request.put(`${srv().url}/api/settings`, {
    headers,
    data: { ...settings, tools: { ...settings.tools, folders } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/** A link to a folder or file of the user's (the Opuscula folder), made through the API. */
async function shareFolder(
  page: Page,
  user: { username: string; password: string },
  target = "/Opuscula/",
) {
  const login = await page.request.post(`${srv().url}/api/login`, { data: user });
  expect(login.status()).toBe(200);
  const res = await page.request.post(`${srv().url}/api/share${target}`, {
    headers: { "X-Auth": await login.text() },
    data: {},
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { hash: string }).hash;
}

const item = (page: Page, name: string) =>
  page.locator(`[data-testid="listing-item"][data-name="${name}"]`);

/**
 * Clicks an action's button wherever the layout puts it: the header, the phone's selection
 * bar, or the "Edition" and "More actions" menus (support/actions.ts).
 */
const clickAction = runAction;

const COMBOS = [
  { lang: "en", theme: "light", width: 1280, height: 800 },
  { lang: "en", theme: "dark", width: 1280, height: 800 },
  { lang: "en", theme: "light", width: 390, height: 844 },
  { lang: "en", theme: "dark", width: 390, height: 844 },
  { lang: "ar", theme: "light", width: 1280, height: 800 },
  { lang: "ar", theme: "dark", width: 1280, height: 800 },
  { lang: "ar", theme: "light", width: 390, height: 844 },
  { lang: "ar", theme: "dark", width: 390, height: 844 },
] as const;

type Combo = (typeof COMBOS)[number];

async function newPage(browser: Browser, combo: Combo): Promise<Page> {
  const context = await browser.newContext({
    baseURL: srv().url,
    locale: combo.lang === "ar" ? "ar-EG" : "en-US",
    colorScheme: combo.theme,
    viewport: { width: combo.width, height: combo.height },
    reducedMotion: "reduce",
  });
  return context.newPage();
}

/** Runs every page and dialog in one combination and returns all violations found. */
async function sweep(page: Page, combo: Combo): Promise<string[]> {
  const found: string[] = [];
  const audit = async (state: string) => {
    // Let transitions and late renders settle before measuring colours.
    await page.waitForTimeout(150);
    found.push(...(await axeViolations(page, state)));
  };
  const escape = async (dialog: Locator) => {
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  };
  const user = await editor(combo.lang);
  await enableTools(page, user);

  await page.goto("/login");
  await expect(page.locator('input[name="username"]')).toBeVisible();
  await audit("login");
  await login(page, user);
  await page.waitForURL(/\/files\/$/);
  await page.goto("/files/Opuscula/");
  await expect(item(page, "notae.txt")).toBeVisible();

  for (const view of ["list", "mosaic", "mosaic gallery"]) {
    await expect(page.getByTestId("listing")).toHaveAttribute("data-view", view);
    await audit(`listing (${view})`);
    await item(page, "notae.txt").click();
    await expect(item(page, "notae.txt")).toHaveAttribute("aria-selected", "true");
    await audit(`listing (${view}) with a selection`);
    await page.keyboard.press("Escape");
    await expect(item(page, "notae.txt")).toHaveAttribute("aria-selected", "false");
    await clickAction(page, "switchView");
  }
  await expect(page.getByTestId("listing")).toHaveAttribute("data-view", "list");

  // The search, with its results.
  await page.keyboard.press("ControlOrMeta+f");
  await expect(page.getByTestId("search-input")).toBeFocused();
  await page.getByTestId("search-input").fill("cosmo");
  await expect(page.getByTestId("search-result").first()).toBeVisible({ timeout: 15_000 });
  await audit("search, results");
  // The first Escape empties the field, the second closes the search.
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("search-input")).toHaveCount(0);

  // The prompts of the listing.
  await page.keyboard.press("F1");
  await audit("help");
  await escape(page.getByTestId("prompt-help"));

  await item(page, "notae.txt").click();
  await clickAction(page, "info");
  await audit("info");
  await escape(page.getByTestId("prompt-info"));
  await page.keyboard.press("F2");
  await audit("rename");
  await escape(page.getByTestId("prompt-rename"));
  await page.keyboard.press("Delete");
  await audit("delete");
  await escape(page.getByTestId("prompt-delete"));
  await clickAction(page, "copy");
  await expect(page.getByTestId("folder-picker-item").first()).toBeVisible();
  await audit("copy");
  await escape(page.getByTestId("prompt-copy"));
  await clickAction(page, "move");
  await expect(page.getByTestId("folder-picker-item").first()).toBeVisible();
  await audit("move");
  await escape(page.getByTestId("prompt-move"));
  await clickAction(page, "share");
  await audit("share");
  await escape(page.getByTestId("prompt-share"));
  await item(page, "cosmographia.tex").click({ modifiers: ["Control"] });
  await clickAction(page, "download");
  await audit("download");
  await escape(page.getByTestId("prompt-download"));
  await page.keyboard.press("Escape");

  await item(page, "archivum.zip").click();
  await clickAction(page, "unzip");
  await audit("unzip");
  await escape(page.getByTestId("prompt-unzip"));
  await page.keyboard.press("Escape");

  if (combo.width <= 736) await page.getByTestId("menu-button").click();
  await page.getByTestId("sidebar-newDir").click();
  await audit("new folder");
  await escape(page.getByTestId("prompt-new-dir"));
  // A name taken by a folder: the server refuses the rename, and the error is shown.
  await item(page, "notae.txt").click();
  await page.keyboard.press("F2");
  await page.getByTestId("prompt-rename").locator("input").fill("Libro I");
  await page.getByTestId("prompt-rename").locator("input").press("Enter");
  await expect(page.locator(".toast")).toBeVisible();
  await audit("error");
  // Closed, so that it does not cover the phone's selection bar and its menus below.
  await page.getByTestId("toast-dismiss").click();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  if (combo.width <= 736) await page.getByTestId("menu-button").click();
  await page.getByTestId("sidebar-newFile").click();
  await audit("new file");
  await escape(page.getByTestId("prompt-new-file"));

  await clickAction(page, "upload");
  await audit("upload");
  // A name that exists: the upload asks whether to replace it.
  const chooser = page.waitForEvent("filechooser");
  await page.getByTestId("upload-choose-files").click();
  await (
    await chooser
  ).setFiles({ name: "notae.txt", mimeType: "text/plain", buffer: Buffer.from("nova\n") });
  await expect(page.getByTestId("prompt-replace")).toBeVisible();
  await audit("replace");
  await escape(page.getByTestId("prompt-replace"));
  await page.keyboard.press("Escape");

  // An edition tool's dialog.
  await item(page, "cosmographia.tex").click();
  await clickAction(page, "tool-m2hv");
  await expect(page.getByTestId("prompt-edition-tool")).toBeVisible();
  await audit("edition tool (m2hv)");
  await escape(page.getByTestId("prompt-edition-tool"));

  // A share link, then the question before deleting it.
  await clickAction(page, "share");
  const share = page.getByTestId("prompt-share");
  await share.getByTestId("share-create").click();
  await expect(share.getByTestId("share-link")).toHaveCount(1);
  await audit("share, with a link");
  await escape(share);
  await page.keyboard.press("Escape");

  // The shell panel.
  await clickAction(page, "shell");
  await expect(page.getByTestId("shell-input")).toBeVisible();
  await audit("shell panel");
  // Enough output to scroll (issue 31: the output must scroll from the keyboard).
  const shellInput = page.getByTestId("shell-input");
  for (let run = 0; run < 6; run++) {
    await shellInput.fill("ls");
    await shellInput.press("Enter");
    await expect(shellInput).toHaveValue("");
    await expect(shellInput).toBeEnabled();
  }
  await expect(page.getByTestId("shell-output")).toContainText("cosmographia.tex");
  await audit("shell with output");
  await clickAction(page, "shell");
  if (combo.width <= 736) {
    await page.getByTestId("header-more").click();
    await expect(page.getByTestId("header-more-menu")).toBeVisible();
    await audit("more actions menu");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("header-more-menu")).toBeHidden();
  }

  // Preview and editor.
  await page.goto("/files/Opuscula/tabula.png");
  await expect(page.getByTestId("preview-image")).toBeVisible();
  await audit("preview");
  await page.goto("/files/Opuscula/cosmographia.tex");
  await expect(page.getByTestId("editor")).toBeVisible();
  await audit("editor");
  await page.locator(".cm-content").click();
  await page.keyboard.press("End");
  await page.keyboard.type(" x");
  await audit("editor, a line being edited");
  await page.keyboard.press("Control+f");
  await expect(page.locator(".cm-panel.cm-search")).toBeVisible();
  await audit("editor, find panel");
  await page.keyboard.press("Escape");
  await expect(page.locator(".cm-panel.cm-search")).toBeHidden();
  await page.locator(".cm-content").click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\\Un");
  await expect(page.locator(".cm-tooltip-autocomplete")).toBeVisible();
  await audit("editor, completion list");
  await page.keyboard.press("Escape");
  await page.getByTestId("editor-close").click();
  await audit("discard changes");
  await escape(page.getByTestId("prompt-discard"));

  await page.goto("/files/Opuscula/tabula.pdf");
  await expect(page.locator('[data-pdf-page="1"][data-drawn]')).toBeVisible({ timeout: 20_000 });
  await audit("preview (PDF)");

  // The log page of a pdflatex run.
  await page.goto("/files/Opuscula/cosmographia.pdflatex.log");
  await expect(page.getByTestId("tool-log")).toBeVisible();
  await audit("tool log (pdflatex)");

  // The workbench: a compile from the editor, its pane beside the source, the Compile menu.
  await page.goto("/files/Opuscula/varia.tex");
  await expect(page.locator(".cm-content")).toContainText("ElencoTestimoni");
  await page.getByTestId("workbench-compile").click();
  await expect(page.getByTestId("workbench-pane")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("workbench-compile")).toBeEnabled({ timeout: 30_000 });
  await audit("workbench, after a compile");
  await page.getByTestId("workbench-profile-toggle").click();
  await expect(page.getByTestId("workbench-profile-menu")).toBeVisible();
  await audit("workbench, compile menu");
  await page.keyboard.press("Escape");

  // Settings.
  for (const [path_, state] of [
    ["/settings/profile", "profile"],
    ["/settings/shares", "shares"],
    // Every section of the global settings (issue 31), each its own page.
    ...[
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
    ].map((section) => [`/settings/global/${section}`, `global settings, ${section}`] as const),
    ["/settings/users", "users"],
    ["/settings/users/new", "new user"],
    ["/settings/users/1", "a user's page"],
    ["/settings/activity", "activity"],
    ["/trash", "trash"],
    ["/api-reference", "API reference"],
  ] as const) {
    await page.goto(path_);
    await expect(page.locator("main :is(h1, h2)").first()).toBeVisible();
    await audit(state);
  }

  // A new app password, shown once in the profile (issue 32).
  await page.goto("/settings/profile");
  await page.getByTestId("app-passwords-name").fill("TeXstudio");
  await page.getByTestId("app-passwords-create").click();
  await expect(page.getByTestId("app-passwords-created")).toBeVisible();
  await expect(page.getByTestId("app-passwords-item").first()).toBeVisible();
  await audit("profile, app password shown");

  // The link made above, and the question before deleting it.
  await page.goto("/settings/shares");
  await page.getByTestId("shares-delete").first().click();
  await expect(page.getByTestId("prompt-share-delete")).toBeVisible();
  await audit("share delete");
  await escape(page.getByTestId("prompt-share-delete"));

  await page.goto("/settings/users/1");
  await page.getByTestId("user-delete").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await audit("delete user");
  await page.keyboard.press("Escape");

  await page.goto("/files/nowhere/");
  await expect(page.locator("main h1")).toBeVisible();
  await audit("not found");

  // The public share page, as a visitor.
  const hash = await shareFolder(page, user);
  const visitor = await page
    .context()
    .browser()!
    .newContext({
      baseURL: srv().url,
      locale: combo.lang === "ar" ? "ar-EG" : "en-US",
      colorScheme: combo.theme,
      viewport: { width: combo.width, height: combo.height },
    });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/share/${hash}`);
  await expect(visitorPage.getByTestId("share-items")).toBeVisible();
  await visitorPage.waitForTimeout(150);
  found.push(...(await axeViolations(visitorPage, "share page (folder)")));
  const fileHash = await shareFolder(page, user, "/Opuscula/cosmographia.tex");
  await visitorPage.goto(`/share/${fileHash}`);
  await expect(visitorPage.locator("main")).toBeVisible();
  await visitorPage.waitForTimeout(300);
  found.push(...(await axeViolations(visitorPage, "share page (file)")));
  await visitor.close();
  return found;
}

for (const combo of COMBOS) {
  const name = `${combo.lang}, ${combo.theme}, ${combo.width} px`;
  test(`axe-core finds no serious or critical violation: ${name}`, async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await newPage(browser, combo);
    const found = await sweep(page, combo);
    await page.context().close();
    expect(found, found.join("\n")).toEqual([]);
  });
}
