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

/** One round of the big folder's figures: ours beside its baseline, measured one after the other. */
export interface FolderRound {
  /** Opening the folder by its URL to its first item on screen, in ms. */
  firstItemMs: number;
  /** The listing API call alone, made from the same page (fetch and JSON parse), in ms. */
  apiMs: number;
}

export interface ScrollRound {
  /** Scrolling the folder. */
  folder: { longestFrameMs: number; fps: number };
  /** The same scrolling over a static page of plain rows (scrollFrames' baseline). */
  still: { longestFrameMs: number; fps: number };
}

/**
 * Logs in, then measures `url` (a folder) in alternating rounds (lib/paired.ts): each round
 * opens it to its first item on screen and makes the listing API call alone from the page, the
 * side that goes first alternating; one untimed round first. Then `rounds` rounds of scrolling
 * it (scrollFrames) against a static page of plain rows in a second tab of the same browser.
 */
export async function measureFolderInBrowser(
  base: string,
  username: string,
  password: string,
  url: string,
  rounds: number,
): Promise<{ open: FolderRound[]; scroll: ScrollRound[] }> {
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
    const api = `/api/resources${url.replace(/^\/files/, "")}`;

    const openFolder = async () => {
      await page.goto(`${base}/settings/profile`);
      await page.locator("main").waitFor();
      const start = Date.now();
      await page.goto(`${base}${url}`, { waitUntil: "commit" });
      await page.locator('[role="option"]').first().waitFor({ state: "visible", timeout: 60_000 });
      return Date.now() - start;
    };
    // From the settings page, as the open starts: the folder's page is not left holding the
    // listing in memory while the API call parses its own copy.
    const apiAlone = async () => {
      await page.goto(`${base}/settings/profile`);
      await page.locator("main").waitFor();
      return page.evaluate(
        async ({ api, token }) => {
          const start = performance.now();
          const res = await fetch(api, { headers: { "X-Auth": token } });
          await res.json();
          return performance.now() - start;
        },
        { api, token },
      );
    };

    await openFolder();
    await apiAlone();
    const open: FolderRound[] = [];
    for (let i = 0; i < rounds; i++) {
      if (i % 2 === 0) {
        const firstItemMs = await openFolder();
        open.push({ firstItemMs, apiMs: await apiAlone() });
      } else {
        const apiMs = await apiAlone();
        open.push({ firstItemMs: await openFolder(), apiMs });
      }
    }

    const still = await context.newPage();
    await still.setContent(STATIC_ROWS);
    await page.goto(`${base}${url}`);
    await page.locator('[role="option"]').first().waitFor({ state: "visible", timeout: 60_000 });
    const scrollOn = async (p: Page) => {
      // The tab in front draws; each round starts from the top.
      await p.bringToFront();
      await p.evaluate(() =>
        (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
      );
      await p.waitForTimeout(200);
      return scrollFrames(p);
    };
    const scroll: ScrollRound[] = [];
    for (let i = 0; i < rounds; i++) {
      if (i % 2 === 0) {
        const folder = await scrollOn(page);
        scroll.push({ folder, still: await scrollOn(still) });
      } else {
        const baseline = await scrollOn(still);
        scroll.push({ folder: await scrollOn(page), still: baseline });
      }
    }
    return { open, scroll };
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
 * The scrolling baseline: a static page of 3,000 plain rows (no script, no virtual list), what
 * this Chromium, on this machine, gives at best.
 */
const STATIC_ROWS = `<!doctype html><html><body style="margin:0">${Array.from(
  { length: 3000 },
  (_, i) =>
    `<div style="height:40px;border-bottom:1px solid #ddd;font:14px sans-serif">row ${i}` +
    `<span style="float:right">${i * 37} KB, 2 days ago</span></div>`,
).join("")}</body></html>`;
