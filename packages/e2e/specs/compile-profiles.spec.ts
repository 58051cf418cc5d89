import { existsSync } from "node:fs";
import path from "node:path";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import {
  admin,
  expect,
  login,
  loginAndOpen,
  scopeDir,
  test,
  userWithFiles,
} from "../support/fixtures.js";
import { menuActions, runAction } from "../support/actions.js";
import { e2eState } from "../support/state.js";

/*
 * Issue 30, "Compile picks the right tool" and "Only what exists is offered": m2hv is NOT
 * installed here (its program is set to a name no folder holds, whatever this machine has), the
 * stand-ins are not in the tool folders, and pdflatex is the real one. A plain LaTeX file
 * compiles to its PDF beside the source without m2hv.
 */

interface Settings {
  tools: { folders: string[]; tools: { name: string; executable: string }[] };
}

let api: APIRequestContext | undefined;
let token = "";
let saved: Settings | undefined;

async function settings(): Promise<Settings & Record<string, unknown>> {
  const res = await api!.get("/api/settings", { headers: { "X-Auth": token } });
  expect(res.status()).toBe(200);
  return (await res.json()) as Settings & Record<string, unknown>;
}

async function save(next: Settings): Promise<void> {
  const res = await api!.put("/api/settings", { headers: { "X-Auth": token }, data: next });
  expect(res.ok()).toBe(true);
}

test.beforeAll(async () => {
  api = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${e2eState().port}` });
  const res = await api.post("/api/login", { data: admin() });
  expect(res.status()).toBe(200);
  token = await res.text();
  const current = await settings();
  saved = current;
  await save({
    ...current,
    tools: {
      ...current.tools,
      folders: ["/usr/local/bin", "/usr/bin", "/bin"],
      tools: current.tools.tools.map((tool) =>
        tool.name === "m2hv" ? { ...tool, executable: "m2hv-not-installed-e2e" } : tool,
      ),
    },
  });
});

test.afterAll(async () => {
  if (saved) await save(saved);
  await api?.dispose();
});

const LETTER = [
  "% A letter, plain LaTeX",
  "\\documentclass{article}",
  "\\begin{document}",
  "Caro amico, ecco la lettera.",
  "\\end{document}",
  "",
].join("\n");

test("a LaTeX file never compiled: Compile runs pdflatex (m2hv is not installed) and shows the PDF beside the source", async ({
  page,
}) => {
  const user = userWithFiles({ "Lettere/lettera.tex": LETTER });
  await loginAndOpen(page, user, "/files/Lettere/lettera.tex");
  const compile = page.getByTestId("workbench-compile");
  await expect(compile).toHaveAttribute("data-profile", "latex");
  await expect(compile).toHaveAttribute("data-tool", "pdflatex");

  // m2hv's actions are not offered; pdflatex's is.
  await expect(page.getByTestId("header-edition")).toBeVisible();
  await expect.poll(() => menuActions(page, "edition")).toContain("tool-pdflatex");
  await expect.poll(() => menuActions(page, "edition")).not.toContain("tool-m2hv");
  await expect.poll(() => menuActions(page, "more")).not.toContain("witness-views");

  // The profile menu names HTML "not installed", disabled.
  await page.getByTestId("workbench-profile-toggle").click();
  const html = page.getByTestId("workbench-profile-html");
  await expect(html).toBeDisabled();
  await expect(html).toContainText("not installed");
  await expect(page.getByTestId("workbench-profile-latex")).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("Escape");

  const run = page.waitForRequest((req) => req.method() === "PATCH");
  await page.getByTestId("workbench-compile").click();
  expect(new URL((await run).url()).searchParams.get("action")).toBe("mauro:pdflatex");
  const pane = page.getByTestId("workbench-pane");
  await expect(pane.locator(".workbench__pane-name")).toHaveText("lettera.pdf", {
    timeout: 30_000,
  });
  await expect(page).toHaveURL(/\/files\/Lettere\/lettera\.tex$/);
  expect(existsSync(path.join(scopeDir(user), "Lettere", "lettera.pdf"))).toBe(true);
});

test("pdflatex from the editor's header stays in the editor, its PDF beside the source", async ({
  page,
}) => {
  const user = userWithFiles({ "Lettere/breve.tex": LETTER });
  await loginAndOpen(page, user, "/files/Lettere/breve.tex");
  await runAction(page, "tool-pdflatex");
  const dialog = page.getByTestId("prompt-edition-tool");
  await expect(dialog.getByTestId("tool-not-installed")).toHaveCount(0);
  await dialog.getByTestId("tool-submit").click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/files\/Lettere\/breve\.tex$/);
  await expect(page.getByTestId("editor")).toBeVisible();
  await expect(page.getByTestId("workbench-pane").locator(".workbench__pane-name")).toHaveText(
    "breve.pdf",
  );
});

test("the admin's settings show m2hv not installed, pdflatex installed with its program and version", async ({
  page,
}) => {
  await page.goto("/login?redirect=%2Fsettings%2Fglobal%2Ftools");
  await login(page, admin());
  await page.waitForURL((url) => url.pathname === "/settings/global/tools");
  const m2hv = page.getByTestId("tool-row-m2hv");
  await expect(m2hv.getByTestId("tool-state")).toHaveAttribute("data-installed", "false");
  await expect(m2hv.getByTestId("tool-state")).toContainText("Not installed");
  const pdflatex = page.getByTestId("tool-row-pdflatex");
  await expect(pdflatex.getByTestId("tool-state")).toHaveAttribute("data-installed", "true");
  await expect(pdflatex.getByTestId("tool-program")).toHaveText(/\/pdflatex$/);
  await expect(pdflatex.getByTestId("tool-version")).toContainText("pdfTeX", { timeout: 15_000 });
  // The pipelines need their compilers: m2lv and m2ledmac are not in these tool folders.
  await expect(page.getByTestId("tool-row-m2lv-pdf").getByTestId("tool-steps")).toContainText(
    "m2lv → pdflatex",
  );
  await expect(page.getByTestId("tool-sandbox")).toBeVisible();
  await expect(page.getByTestId("tool-support-folders")).toBeVisible();
});
