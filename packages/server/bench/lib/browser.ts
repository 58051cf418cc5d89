/**
 * The web figures, measured in Debian's Chromium (headless, never downloaded) driven by
 * playwright-core: the JavaScript a visitor loads before the login form is usable, and a big
 * folder's first item on screen and its scrolling. (The app's other pages measured in rounds
 * against a baseline are in browser-app.ts.)
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type BrowserContext, type Page } from "playwright-core";

/** What the page's frame recorder uses (the bench is type-checked without the DOM's types). */
interface Paint {
  requestAnimationFrame(cb: (now: number) => void): number;
  benchFrames: number[];
}

const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A fresh headless Chromium profile for `fn`, removed after. */
export async function withBrowser<T>(fn: (context: BrowserContext) => Promise<T>): Promise<T> {
  const profile = await mkdtemp(path.join(tmpdir(), "scriptorium-bench-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 800 },
  });
  try {
    return await fn(context);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

/** Every script fetched until the login form's fields and button are usable, gzip -9 each. */
export async function measureBundle(
  base: string,
): Promise<{ files: number; rawBytes: number; gzipBytes: number }> {
  return withBrowser(async (context) => {
    const page = await context.newPage();
    const bodies: Promise<Buffer>[] = [];
    let ready = false;
    page.on("response", (res) => {
      if (!ready && res.request().resourceType() === "script") bodies.push(res.body());
    });
    await page.goto(`${base}/login`);
    await page.locator('input[name="username"]').waitFor({ state: "visible" });
    await page.locator('button[type="submit"]:not([disabled])').waitFor({ state: "visible" });
    ready = true;
    const scripts = await Promise.all(bodies);
    return {
      files: scripts.length,
      rawBytes: scripts.reduce((n, b) => n + b.length, 0),
      gzipBytes: scripts.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
    };
  });
}

/**
 * Logs in, then opens `url` (a folder) in a fresh page: the time to its first item on screen
 * against the listing API call made from the page, then its scrolling (scrollFrames).
 */
export async function measureFolderInBrowser(
  base: string,
  username: string,
  password: string,
  url: string,
): Promise<{ firstItemMs: number; apiMs: number; longestFrameMs: number; fps: number }> {
  return withBrowser(async (context) => {
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('button[type="submit"]').click();
    await page.locator('[role="option"]').first().waitFor();
    const token = await page.evaluate(
      () => (globalThis as unknown as { localStorage: Storage }).localStorage.getItem("jwt") ?? "",
    );

    const firstItem: number[] = [];
    for (let i = 0; i < 3; i++) {
      await page.goto(`${base}/settings/profile`);
      await page.locator("main").waitFor();
      const start = Date.now();
      await page.goto(`${base}${url}`, { waitUntil: "commit" });
      await page.locator('[role="option"]').first().waitFor({ state: "visible", timeout: 60_000 });
      firstItem.push(Date.now() - start);
    }
    const api: number[] = [];
    for (let i = 0; i < 3; i++) {
      api.push(
        await page.evaluate(
          async ({ api, token }) => {
            const start = performance.now();
            const res = await fetch(api, { headers: { "X-Auth": token } });
            await res.json();
            return performance.now() - start;
          },
          { api: `/api/resources${url.replace(/^\/files/, "")}`, token },
        ),
      );
    }

    const { longestFrameMs, fps } = await scrollFrames(page);
    const sorted = [...firstItem].sort((a, b) => a - b);
    const apiSorted = [...api].sort((a, b) => a - b);
    return {
      firstItemMs: sorted[1]!,
      apiMs: apiSorted[1]!,
      longestFrameMs,
      fps,
    };
  });
}

/**
 * Five seconds of fast wheel scrolling (1,200 px every 16 ms) while the page records every
 * frame's time with requestAnimationFrame: the longest frame and the frames per second.
 */
async function scrollFrames(page: Page): Promise<{ longestFrameMs: number; fps: number }> {
  await page.mouse.move(640, 500);
  await page.evaluate(() => {
    const g = globalThis as unknown as Paint;
    g.benchFrames = [];
    let last = performance.now();
    const tick = (now: number) => {
      g.benchFrames.push(now - last);
      last = now;
      g.requestAnimationFrame(tick);
    };
    g.requestAnimationFrame(tick);
  });
  const until = Date.now() + 5000;
  while (Date.now() < until) {
    await page.mouse.wheel(0, 1200);
    await page.waitForTimeout(16);
  }
  const frames = await page.evaluate(() => (globalThis as unknown as Paint).benchFrames);
  const steady = frames.slice(2);
  const total = steady.reduce((n, f) => n + f, 0);
  return { longestFrameMs: Math.max(...steady), fps: steady.length / (total / 1000) };
}

/**
 * The same scrolling over a static page of 3,000 plain rows (no script, no virtual list):
 * what this Chromium, on this machine, gives at best.
 */
export async function measureStaticScroll(): Promise<{ longestFrameMs: number; fps: number }> {
  return withBrowser(async (context) => {
    const page = await context.newPage();
    const row = (i: number) =>
      `<div style="height:40px;border-bottom:1px solid #ddd;font:14px sans-serif">row ${i}` +
      `<span style="float:right">${i * 37} KB, 2 days ago</span></div>`;
    const rows = Array.from({ length: 3000 }, (_, i) => row(i)).join("");
    await page.setContent(`<!doctype html><html><body style="margin:0">${rows}</body></html>`);
    return scrollFrames(page);
  });
}
