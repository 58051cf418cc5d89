import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, loginAndOpen, scopeDir, test, userWithFiles } from "../support/fixtures.js";
import { menuActions, runAction } from "../support/actions.js";

const item = (page: Page, name: string) =>
  page.locator(`[data-testid="listing-item"][data-name="${name}"]`);
const uploadItem = (page: Page, name: string) =>
  page.locator(`[data-testid="upload-item"][data-name="${name}"]`);
/** The counter on the header's download button (the selection bar has one too). */
const downloadCount = (page: Page) =>
  page.getByTestId("action-download").getByTestId("download-count");
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");
const onDisk = (user: { username: string }, rel: string) =>
  readFileSync(path.join(scopeDir(user), rel));
/** Everything in a folder on disk, hidden entries (staged uploads) included. */
const entries = (user: { username: string }, rel = "") =>
  readdirSync(path.join(scopeDir(user), rel)).sort();

/** Slows the page's uploads down (bytes per second) so that they can be watched or stopped. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/** Chooses files through the upload action, its prompt and the browser's file chooser. */
async function uploadThroughChooser(
  page: Page,
  files: { name: string; buffer: Buffer }[],
): Promise<void> {
  await page.getByTestId("action-upload").click();
  await expect(page.getByTestId("prompt-upload")).toBeVisible();
  const chooser = page.waitForEvent("filechooser");
  await page.getByTestId("upload-choose-files").click();
  await (
    await chooser
  ).setFiles(files.map((f) => ({ ...f, mimeType: "application/octet-stream" })));
}

test("upload files through the file chooser: listed, and on disk byte for byte", async ({
  page,
}) => {
  const user = userWithFiles({ "keep.txt": "x" });
  await loginAndOpen(page, user);
  const scan = randomBytes(200_000);
  const note = Buffer.from("Nota del curatore, ü ß — 1560\n");
  await uploadThroughChooser(page, [
    { name: "scan 1.tif", buffer: scan },
    { name: "nota #1.txt", buffer: note },
    { name: "vuoto.txt", buffer: Buffer.alloc(0) },
  ]);
  await expect(item(page, "scan 1.tif")).toBeVisible();
  await expect(item(page, "nota #1.txt")).toBeVisible();
  await expect(item(page, "vuoto.txt")).toBeVisible();
  // The batch is over: the panel says so a moment (issue 31), with its close button.
  const panel = page.getByTestId("upload-panel");
  await expect(panel).toHaveAttribute("data-status", /success|idle/);
  await expect(page.getByTestId("upload-count")).toHaveText("3 files");
  await expect(panel.getByTestId("upload-item")).toHaveCount(3);
  await page.getByTestId("upload-dismiss").click();
  await expect(panel).toHaveCount(0);
  expect(sha256(onDisk(user, "scan 1.tif"))).toBe(sha256(scan));
  expect(onDisk(user, "nota #1.txt").equals(note)).toBe(true);
  expect(onDisk(user, "vuoto.txt").length).toBe(0);
  expect(entries(user)).toEqual(["keep.txt", "nota #1.txt", "scan 1.tif", "vuoto.txt"]);
});

test("a 30 MB file in 1 MiB chunks: the panel shows progress, the file arrives whole", async ({
  page,
}) => {
  test.setTimeout(60_000);
  // This page only: a small chunk size, so that the upload takes many PATCH requests.
  await page.addInitScript(() => {
    let globals: Record<string, unknown> | undefined;
    Object.defineProperty(window, "FileBrowser", {
      configurable: true,
      get: () => globals,
      set: (value: Record<string, unknown>) => {
        globals = { ...value, TusSettings: { chunkSize: 1024 * 1024, retryCount: 5 } };
      },
    });
  });
  const user = userWithFiles({ "keep.txt": "x" });
  await loginAndOpen(page, user);
  const patches: number[] = [];
  page.on("request", (request) => {
    if (request.method() === "PATCH" && request.url().includes("/api/tus/")) {
      patches.push(Number(request.headers()["upload-offset"]));
    }
  });
  await throttleUploads(page, 6 * 1024 * 1024);
  const big = randomBytes(30 * 1024 * 1024);
  await page.getByTestId("upload-input-files").setInputFiles({
    name: "manoscritto.bin",
    mimeType: "application/octet-stream",
    buffer: big,
  });

  const panel = page.getByTestId("upload-panel");
  await expect(panel).toBeVisible();
  await expect(page.getByTestId("upload-progress")).toBeVisible();
  await expect(uploadItem(page, "manoscritto.bin")).toHaveAttribute("data-state", "active");
  await expect(page.getByTestId("upload-count")).toHaveText("1 file");
  await expect(page.getByTestId("upload-bytes")).toContainText("of 30.00 MiB");
  // Some way in: a speed, a known ETA, a percent between 0 and 100.
  await expect(page.getByTestId("upload-speed")).not.toHaveText("0.00 MB/s", { timeout: 10_000 });
  await expect(page.getByTestId("upload-eta")).toHaveText(/^ETA \d\d:\d\d:\d\d$/);
  const percent = Number((await page.getByTestId("upload-percent").textContent())?.slice(0, -1));
  expect(percent).toBeGreaterThan(0);
  expect(percent).toBeLessThan(100);
  await expect(page.getByTestId("action-upload")).toHaveAttribute("data-status", "busy");

  await page.getByTestId("upload-panel-toggle").click();
  await expect(page.getByTestId("upload-item")).toHaveCount(0);
  await page.getByTestId("upload-panel-toggle").click();
  await expect(page.getByTestId("upload-item")).toHaveCount(1);

  await expect(page.getByTestId("action-upload")).toHaveAttribute("data-status", "done", {
    timeout: 30_000,
  });
  // The panel stays a moment with the file done, then goes by itself.
  await expect(uploadItem(page, "manoscritto.bin")).toHaveAttribute("data-state", "done");
  await expect(panel).toHaveCount(0, { timeout: 15_000 });
  await expect(item(page, "manoscritto.bin")).toBeVisible();
  expect(sha256(onDisk(user, "manoscritto.bin"))).toBe(sha256(big));
  expect(patches.length).toBeGreaterThanOrEqual(30);
  expect(patches.slice(0, 3)).toEqual([0, 1024 * 1024, 2 * 1024 * 1024]);
  expect(entries(user)).toEqual(["keep.txt", "manoscritto.bin"]);
});

test("a name that exists asks first: replace overwrites, skip keeps it", async ({ page }) => {
  const user = userWithFiles({ "a.txt": "old a", "b.txt": "old b" });
  await loginAndOpen(page, user);
  await uploadThroughChooser(page, [
    { name: "a.txt", buffer: Buffer.from("new a") },
    { name: "c.txt", buffer: Buffer.from("new c") },
  ]);
  const prompt = page.getByTestId("prompt-replace");
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText("a.txt");
  await expect(prompt).not.toContainText("c.txt");
  await page.getByTestId("replace-skip").click();
  await expect(item(page, "c.txt")).toBeVisible();
  expect(onDisk(user, "a.txt").toString()).toBe("old a");
  expect(onDisk(user, "c.txt").toString()).toBe("new c");

  await uploadThroughChooser(page, [{ name: "b.txt", buffer: Buffer.from("new b") }]);
  await page.getByTestId("replace-replace").click();
  await expect.poll(() => onDisk(user, "b.txt").toString()).toBe("new b");
  await expect(uploadItem(page, "b.txt")).toHaveAttribute("data-state", "done");
  await page.getByTestId("upload-dismiss").click();
  await expect(page.getByTestId("upload-panel")).toHaveCount(0);

  await uploadThroughChooser(page, [{ name: "a.txt", buffer: Buffer.from("newer a") }]);
  await page.getByTestId("replace-cancel").click();
  await expect(page.getByTestId("prompt-replace")).toHaveCount(0);
  await expect(page.getByTestId("upload-panel")).toHaveCount(0);
  expect(onDisk(user, "a.txt").toString()).toBe("old a");
});

test("abort an upload after a confirmation: nothing is left on disk", async ({ page }) => {
  const user = userWithFiles({ "keep.txt": "x" });
  await loginAndOpen(page, user);
  await throttleUploads(page, 512 * 1024);
  await page.getByTestId("upload-input-files").setInputFiles({
    name: "interrotto.bin",
    mimeType: "application/octet-stream",
    buffer: randomBytes(20 * 1024 * 1024),
  });
  await expect(uploadItem(page, "interrotto.bin")).toHaveAttribute("data-state", "active");
  // The server has the upload staged (a hidden file next to the target).
  await expect.poll(() => entries(user).length).toBe(2);

  await page.getByTestId("upload-abort").click();
  const confirm = page.getByTestId("prompt-confirm");
  await expect(confirm).toBeVisible();
  await page.getByTestId("confirm-cancel").click();
  await expect(uploadItem(page, "interrotto.bin")).toHaveAttribute("data-state", "active");

  await page.getByTestId("upload-abort").click();
  await page.getByTestId("confirm-ok").click();
  await expect(page.getByTestId("upload-panel")).toHaveCount(0);
  await expect(page.getByTestId("upload-progress")).toHaveCount(0);
  await expect.poll(() => entries(user)).toEqual(["keep.txt"]);
  await expect(item(page, "interrotto.bin")).toHaveCount(0);
});

test("drop desktop files on the listing, and upload a folder with its sub-folders", async ({
  page,
}) => {
  const user = userWithFiles({ "Libro I/keep.txt": "x" });
  await loginAndOpen(page, user);

  // A drop from the desktop: a DataTransfer with files ("Files" among its types).
  const drop = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(["prima carta"], "c1.txt"));
    data.items.add(new File(["seconda carta"], "c2.txt"));
    return data;
  });
  const listing = page.getByTestId("listing");
  await listing.dispatchEvent("dragenter", { dataTransfer: drop });
  await listing.dispatchEvent("dragover", { dataTransfer: drop });
  await listing.dispatchEvent("drop", { dataTransfer: drop });
  await expect(item(page, "c1.txt")).toBeVisible();
  await expect(item(page, "c2.txt")).toBeVisible();
  expect(onDisk(user, "c2.txt").toString()).toBe("seconda carta");

  // Dropped on a folder: the files go into it.
  const intoFolder = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(["nel libro"], "dentro.txt"));
    return data;
  });
  await item(page, "Libro I").dispatchEvent("drop", { dataTransfer: intoFolder });
  await expect.poll(() => entries(user, "Libro I")).toEqual(["dentro.txt", "keep.txt"]);

  // A folder through the folder chooser keeps its relative paths.
  const local = mkdtempSync(path.join(tmpdir(), "scriptorium-upload-"));
  const folder = path.join(local, "Tavole 1560");
  mkdirSync(path.join(folder, "c. 12"), { recursive: true });
  writeFileSync(path.join(folder, "indice.txt"), "indice");
  writeFileSync(path.join(folder, "c. 12", "recto #1.txt"), "recto");
  await page.getByTestId("upload-input-folder").setInputFiles(folder);
  await expect(item(page, "Tavole 1560")).toBeVisible();
  await expect.poll(() => entries(user, "Tavole 1560")).toEqual(["c. 12", "indice.txt"]);
  expect(onDisk(user, "Tavole 1560/c. 12/recto #1.txt").toString()).toBe("recto");
});

test("download: one file directly, a folder as zip and a selection as tar.gz", async ({ page }) => {
  const user = userWithFiles({
    "Libro I/cap 1.tex": "capitolo primo",
    "Libro I/Figure/f1.txt": "figura",
    "note, varie.txt": "note",
    "solo.txt": "solo",
  });
  await loginAndOpen(page, user);
  const work = mkdtempSync(path.join(tmpdir(), "scriptorium-download-"));

  await item(page, "solo.txt").click();
  await expect(downloadCount(page)).toHaveText("1");
  let download = page.waitForEvent("download");
  await page.getByTestId("action-download").click();
  const single = await download;
  expect(single.suggestedFilename()).toBe("solo.txt");
  expect(readFileSync(await single.path()).toString()).toBe("solo");

  await page.keyboard.press("Escape");
  await expect(downloadCount(page)).toHaveCount(0);
  await item(page, "Libro I").click();
  download = page.waitForEvent("download");
  await page.keyboard.press("Control+s");
  await expect(page.getByTestId("prompt-download")).toBeVisible();
  await page.getByTestId("download-format-zip").click();
  const zip = await download;
  expect(zip.suggestedFilename()).toBe("Libro I.zip");
  const zipPath = path.join(work, "libro.zip");
  await zip.saveAs(zipPath);
  execFileSync("unzip", ["-t", zipPath]);
  const zipped = execFileSync("unzip", ["-Z1", zipPath], { encoding: "utf8" }).split("\n");
  expect(zipped).toEqual(expect.arrayContaining(["cap 1.tex", "Figure/f1.txt"]));

  await item(page, "note, varie.txt").click({ modifiers: ["Control"] });
  await expect(downloadCount(page)).toHaveText("2");
  download = page.waitForEvent("download");
  await page.getByTestId("action-download").click();
  await page.getByTestId("download-format-targz").click();
  const tgz = await download;
  expect(tgz.suggestedFilename()).toMatch(/\.tar\.gz$/);
  const tgzPath = path.join(work, "selection.tar.gz");
  await tgz.saveAs(tgzPath);
  const out = path.join(work, "out");
  mkdirSync(out);
  execFileSync("tar", ["-xzf", tgzPath, "-C", out]);
  expect(readFileSync(path.join(out, "note, varie.txt"), "utf8")).toBe("note");
  expect(readFileSync(path.join(out, "Libro I", "Figure", "f1.txt"), "utf8")).toBe("figura");
});

test("unzip a .zip into a chosen folder, overwrite on a second run, and a .tar.xz", async ({
  page,
}) => {
  const work = mkdtempSync(path.join(tmpdir(), "scriptorium-unzip-"));
  mkdirSync(path.join(work, "src", "carte"), { recursive: true });
  writeFileSync(path.join(work, "src", "carte", "c1.txt"), "carta uno");
  writeFileSync(path.join(work, "src", "leggimi.txt"), "leggimi");
  execFileSync("zip", ["-qr", path.join(work, "Archivio.ZIP"), "carte", "leggimi.txt"], {
    cwd: path.join(work, "src"),
  });
  execFileSync("tar", ["-cJf", path.join(work, "tavole.tar.xz"), "carte"], {
    cwd: path.join(work, "src"),
  });
  const user = userWithFiles({
    "Archivio.ZIP": readFileSync(path.join(work, "Archivio.ZIP")),
    "tavole.tar.xz": readFileSync(path.join(work, "tavole.tar.xz")),
    "Estratti/.keep": "",
    "nota.txt": "not an archive",
  });
  await loginAndOpen(page, user);

  await item(page, "nota.txt").click();
  await expect(page.getByTestId("action-download")).toBeVisible();
  await expect.poll(() => menuActions(page, "more")).not.toContain("unzip");

  await item(page, "Archivio.ZIP").click();
  await runAction(page, "unzip");
  const prompt = page.getByTestId("prompt-unzip");
  await expect(prompt).toBeVisible();
  await prompt.locator('[data-testid="folder-picker-item"][data-name="Estratti"]').click();
  await page.getByTestId("unzip-submit").click();
  await expect.poll(() => entries(user, "Estratti")).toEqual([".keep", "carte", "leggimi.txt"]);
  expect(onDisk(user, "Estratti/carte/c1.txt").toString()).toBe("carta uno");

  // Again into the same folder: the names exist, so the server refuses and we are asked.
  writeFileSync(path.join(scopeDir(user), "Estratti", "leggimi.txt"), "changed");
  await expect(item(page, "Archivio.ZIP")).toHaveAttribute("aria-selected", "true");
  await runAction(page, "unzip");
  await prompt.locator('[data-testid="folder-picker-item"][data-name="Estratti"]').click();
  await page.getByTestId("unzip-submit").click();
  await expect(page.getByTestId("prompt-confirm")).toBeVisible();
  await page.getByTestId("confirm-ok").click();
  await expect.poll(() => onDisk(user, "Estratti/leggimi.txt").toString()).toBe("leggimi");

  // Into the folder on screen: the listing reloads by itself.
  await page.keyboard.press("Escape");
  await item(page, "tavole.tar.xz").click();
  await runAction(page, "unzip");
  await page.getByTestId("unzip-submit").click();
  await expect(item(page, "carte")).toBeVisible();
  expect(onDisk(user, "carte/c1.txt").toString()).toBe("carta uno");
});
