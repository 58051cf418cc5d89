import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { axeViolations } from "../support/axe.js";
import { admin, createUser, expect, login, loginAndOpen, test } from "../support/fixtures.js";
import {
  execUser,
  startExecServer,
  stopExecServer,
  type ExecServer,
} from "../support/exec-server.js";

/** Issue 31, items 8 and 9: the profile's sessions, and the shell's messages and output. */
const SCREENSHOTS = fileURLToPath(new URL("../../../docs/screenshots/", import.meta.url));
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WIDTHS = [
  { width: 1280, height: 800, suffix: "" },
  { width: 390, height: 844, suffix: "-390" },
];

/** Logs `user` in through the API, as the browser would with `userAgent`. */
async function loginWith(page: Page, user: { username: string; password: string }, ua: string) {
  const res = await page.request.post("/api/login", {
    data: { username: user.username, password: user.password },
    headers: { "user-agent": ua },
  });
  expect(res.status()).toBe(200);
}

for (const { width, height, suffix } of WIDTHS) {
  test(`sessions at ${width} px: five logins from one browser are one group ×5, each button named after its device, End all others on top`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    const user = createUser();
    const browserUa = await page.evaluate(() => navigator.userAgent);
    for (let i = 0; i < 4; i++) await loginWith(page, user, browserUa);
    await loginWith(page, user, FIREFOX);
    await loginWith(page, user, SAFARI);
    await loginAndOpen(page, user, "/settings/profile");

    const card = page.getByTestId("sessions-card");
    const items = page.getByTestId("sessions-item");
    await expect(items).toHaveCount(3);
    const mine = items.first();
    await expect(mine).toHaveAttribute("data-count", "5");
    await expect(mine).toContainText("Headless Chrome on Linux ×5");
    await expect(mine).toContainText("this device");

    const buttons = page.getByTestId("sessions-end");
    await expect(buttons).toHaveText([
      "End the 4 other sessions of Headless Chrome on Linux",
      "End the session of Safari on iOS",
      "End the session of Firefox on Linux",
    ]);
    // The names are the accessible names, each its own.
    await expect(
      page.getByRole("button", { name: "End the session of Firefox on Linux" }),
    ).toHaveCount(1);

    // "End all other sessions" comes before the list.
    const endOthers = page.getByTestId("sessions-end-others");
    const top = (await endOthers.boundingBox())?.y ?? Infinity;
    expect(top).toBeLessThan((await mine.boundingBox())?.y ?? 0);

    await card.scrollIntoViewIfNeeded();
    expect(await axeViolations(page, `profile sessions at ${width} px`)).toEqual([]);
    await card.screenshot({ path: `${SCREENSHOTS}sessions${suffix}.png`, animations: "disabled" });

    // One device's session ends; then all the others.
    await page.getByRole("button", { name: "End the session of Firefox on Linux" }).click();
    await expect(items).toHaveCount(2);
    await expect(page.getByTestId("toast-success")).toContainText("Sessions ended: 1");
    await endOthers.click();
    await expect(items).toHaveCount(1);
    await expect(mine).toHaveAttribute("data-count", "1");
    await expect(buttons).toHaveCount(0);
    await expect(endOthers).toBeDisabled();
  });
}

test("an admin sees a user's sessions grouped the same way, End all on top", async ({ page }) => {
  const user = createUser();
  for (let i = 0; i < 3; i++) await loginWith(page, user, FIREFOX);
  await loginAndOpen(page, admin());
  const jwt = (await page.evaluate(() => localStorage.getItem("jwt"))) ?? "";
  const users = (await (
    await page.request.get("/api/users", { headers: { "X-Auth": jwt } })
  ).json()) as { id: number; username: string }[];
  const id = users.find((u) => u.username === user.username)?.id;
  await page.goto(`/settings/users/${id}`);
  const list = page.getByTestId("user-sessions-list");
  await expect(list.getByTestId("user-sessions-list-item")).toHaveCount(1);
  await expect(list).toContainText("Firefox on Linux ×3");
  const endAll = page.getByTestId("user-sessions-end");
  const top = (await endAll.boundingBox())?.y ?? Infinity;
  expect(top).toBeLessThan((await list.boundingBox())?.y ?? 0);
  expect(await axeViolations(page, "a user's sessions (admin)")).toEqual([]);
});

test("the shell's settings say how an administrator turns it on and what it needs", async ({
  page,
}) => {
  await loginAndOpen(page, admin(), "/settings/global/shell");
  const off = page.getByTestId("global-exec-off");
  await expect(off.locator("code")).toHaveText("scriptorium config set --enableExec");
  await expect(off).toContainText("without a restart");
  await page.setViewportSize({ width: 1280, height: 1000 });
  const card = page.getByTestId("global-shell-form");
  // Centred, clear of the sticky header, for its picture.
  await card.evaluate((el) => el.scrollIntoView({ block: "center" }));
  expect(await axeViolations(page, "global settings, shell off")).toEqual([]);
  await card.screenshot({ path: `${SCREENSHOTS}shell-settings.png`, animations: "disabled" });
});

test.describe("the shell on a server with exec", () => {
  let server: ExecServer | undefined;
  test.beforeAll(async () => {
    server = await startExecServer();
  });
  test.afterAll(() => stopExecServer(server));

  const LONG = Array.from({ length: 300 }, (_, i) => `riga ${i + 1} del Cosmographia`).join("\n");

  async function run(page: Page, line: string) {
    const input = page.getByTestId("shell-input");
    await input.fill(line);
    await input.press("Enter");
    await expect(input).toBeEnabled();
    await expect(input).toHaveValue("");
  }

  for (const { width, height, suffix } of WIDTHS) {
    test(`at ${width} px a refusal says which rule refused and who can change it; the output scrolls from the keyboard`, async ({
      page,
    }) => {
      if (!server) throw new Error("no server");
      await page.setViewportSize({ width, height });
      const user = execUser(
        server,
        { "Opuscula/notae.txt": "notae\n", "Opuscula/long.txt": LONG },
        ["--perm.execute=true", "--commands=ls cat sed", "--viewMode", "list"],
      );
      await page.goto(`${server.url}/login?redirect=${encodeURIComponent("/files/Opuscula/")}`);
      await login(page, user);
      await page.waitForURL((url) => url.pathname === "/files/Opuscula/");
      await expect(page.getByTestId("listing-item")).toHaveCount(2);
      // On a phone the toggle is in the header's "More actions" menu.
      const more = page.getByTestId("header-more");
      if (await more.isVisible()) await more.click();
      await page.locator('[data-testid="action-shell"]:visible').first().click();
      const output = page.getByTestId("shell-output");
      const refusals = page.getByTestId("shell-refusal");

      await run(page, "rm notae.txt");
      await expect(refusals.last()).toHaveAttribute("data-code", "not-in-commands");
      await expect(refusals.last()).toHaveText(
        "Refused: rm is not in your commands list." +
          `An administrator can change your commands list in Settings → User management → ${user.username}.`,
      );
      await run(page, "ls; rm notae.txt");
      await expect(refusals.last()).toHaveAttribute("data-code", "syntax");
      await expect(refusals.last()).toContainText("cannot be turned off");
      await run(page, "sed -n '1e id' notae.txt");
      await expect(refusals.last()).toHaveAttribute("data-code", "exec-option");
      await expect(refusals.last()).toContainText("needs the entry sed:exec");
      await run(page, "cat ../../etc/passwd");
      await expect(refusals.last()).toContainText(
        "Refused: ../../etc/passwd is outside your folder.",
      );
      await expect(output).not.toContainText("Command not allowed");
      expect(existsSync(path.join(server.root, user.username, "Opuscula/notae.txt"))).toBe(true);
      await page.screenshot({
        path: `${SCREENSHOTS}shell-refusals${suffix}.png`,
        animations: "disabled",
      });

      // Long output: the region takes focus from the keyboard and scrolls with its keys.
      await run(page, "cat long.txt");
      await expect(output).toContainText("riga 300 del Cosmographia");
      await page.getByTestId("shell-input").focus();
      await page.keyboard.press("Shift+Tab");
      await expect(output).toBeFocused();
      await expect(output).toHaveAccessibleName("Command output");
      const scrollTop = () => output.evaluate((el) => el.scrollTop);
      const bottom = await output.evaluate((el) => el.scrollHeight - el.clientHeight);
      expect(bottom).toBeGreaterThan(0);
      await expect.poll(scrollTop).toBeGreaterThan(bottom - 2);
      await page.keyboard.press("Home");
      await expect.poll(scrollTop).toBe(0);
      await page.keyboard.press("ArrowDown");
      await expect.poll(scrollTop).toBe(40);
      await page.keyboard.press("PageDown");
      await expect.poll(scrollTop).toBeGreaterThan(40);
      await page.keyboard.press("End");
      await expect.poll(scrollTop).toBeGreaterThan(bottom - 2);
      await page.keyboard.press("PageUp");
      await expect.poll(scrollTop).toBeLessThan(bottom - 2);
      expect(await axeViolations(page, `the shell with output at ${width} px`)).toEqual([]);
      await page.screenshot({
        path: `${SCREENSHOTS}shell-output${suffix}.png`,
        animations: "disabled",
      });
    });
  }
});
