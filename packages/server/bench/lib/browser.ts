/**
 * The web figures, measured in Debian's Chromium (headless, never downloaded) driven by
 * playwright-core: the JavaScript a visitor loads before the login form is usable, and a big
 * folder's first item on screen and its scrolling.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type BrowserContext, type Page } from "playwright-core";

/** What the PDF figure's watch of the page uses (no DOM types here either). */
interface PageWatch {
  benchDrawn: number;
  document: { body: unknown; querySelector(selector: string): unknown };
  MutationObserver: new (cb: () => void) => {
    observe(target: unknown, options: { subtree: boolean; childList: boolean }): void;
    disconnect(): void;
  };
}

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

async function withBrowser<T>(fn: (context: BrowserContext) => Promise<T>): Promise<T> {
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

/**
 * Logs in, then for each run opens `folder`, double-clicks `name` (a PDF) in its listing and
 * times until the viewer's page 1 is drawn and painted (the next animation frame). The first
 * run loads the viewer's code and pdf.js's worker; the later ones find them in the cache.
 */
export async function measurePdfFirstPage(
  base: string,
  username: string,
  password: string,
  folder: string,
  name: string,
  runs: number,
): Promise<{ coldMs: number; warmMs: number[] }> {
  return withBrowser(async (context) => {
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('button[type="submit"]').click();
    await page.locator('[role="option"]').first().waitFor();
    const times: number[] = [];
    for (let i = 0; i <= runs; i++) {
      await page.goto(`${base}${folder}`);
      const item = page.locator(`[data-testid="listing-item"][data-name="${name}"]`);
      await item.waitFor({ state: "visible" });
      // The page notes when page 1's canvas is in and painted (the next animation frame): a
      // poll from here would add its own delay.
      await page.evaluate(() => {
        const g = globalThis as unknown as Paint & PageWatch;
        g.benchDrawn = 0;
        const observer = new g.MutationObserver(() => {
          if (!g.document.querySelector('[data-pdf-page="1"] canvas')) return;
          observer.disconnect();
          g.requestAnimationFrame(() => (g.benchDrawn = Date.now()));
        });
        observer.observe(g.document.body, { subtree: true, childList: true });
      });
      const start = Date.now();
      await item.dblclick();
      await page
        .locator('[data-testid="pdf-page"][data-pdf-page="1"][data-drawn]')
        .waitFor({ state: "visible", timeout: 60_000 });
      let drawn = 0;
      while (!drawn) {
        drawn = await page.evaluate(() => (globalThis as unknown as PageWatch).benchDrawn);
      }
      times.push(drawn - start);
    }
    return { coldMs: times[0]!, warmMs: times.slice(1) };
  });
}

/** What the folder figure reads of the page's own timing (no DOM types in the bench). */
interface PageTiming {
  performance: {
    getEntriesByType(type: string): { name: string; startTime: number; domInteractive?: number }[];
  };
}

/**
 * A folder's first item on screen, opened by its URL in a fresh page load (the bundle from the
 * browser's cache, as on a second visit) against opened from inside the app (a double click on
 * it in its parent's listing), medians of `runs`; and by its URL with the page's early request
 * turned off (the listing asks once the bundle runs). `firstName` is an item of the folder.
 */
export async function measureFolderByUrl(
  base: string,
  user: { username: string; password: string },
  folder: { url: string; name: string; parentUrl: string; firstName: string },
  runs: number,
): Promise<{ byUrlMs: number; inAppMs: number; withoutEarlyMs: number; earlyRequest: boolean }> {
  return withBrowser(async (context) => {
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.locator('input[name="username"]').fill(user.username);
    await page.locator('input[name="password"]').fill(user.password);
    await page.locator('button[type="submit"]').click();
    await page.locator('[role="option"]').first().waitFor();
    const mid = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    const firstOn = (p: Page) =>
      p.locator(`[data-testid="listing-item"][data-name="${folder.firstName}"]`);

    /** Opens the folder by its URL `runs` times: the times, and whether every load asked early. */
    async function byUrl(p: Page): Promise<{ ms: number; early: boolean }> {
      const times: number[] = [];
      let early = true;
      for (let i = 0; i < runs; i++) {
        await p.goto(`${base}/settings/profile`);
        await p.locator("main").waitFor();
        const start = Date.now();
        await p.goto(`${base}${folder.url}`, { waitUntil: "commit" });
        await firstOn(p).waitFor({ state: "visible", timeout: 60_000 });
        times.push(Date.now() - start);
        // One data request, started while the page was still parsed (before any module ran).
        const timing = await p.evaluate(() => {
          const perf = (globalThis as unknown as PageTiming).performance;
          const nav = perf.getEntriesByType("navigation")[0];
          const data = perf
            .getEntriesByType("resource")
            .filter((e) => e.name.includes("/api/resources/"));
          return { interactive: nav?.domInteractive ?? 0, data: data.map((e) => e.startTime) };
        });
        if (timing.data.length !== 1 || !(timing.data[0]! < timing.interactive)) early = false;
      }
      return { ms: mid(times), early };
    }

    const withEarly = await byUrl(page);

    const inApp: number[] = [];
    for (let i = 0; i < runs; i++) {
      await page.goto(`${base}${folder.parentUrl}`);
      const entry = page.locator(`[data-testid="listing-item"][data-name="${folder.name}"]`);
      await entry.waitFor();
      const start = Date.now();
      await entry.dblclick();
      await firstOn(page).waitFor({ state: "visible", timeout: 60_000 });
      inApp.push(Date.now() - start);
    }

    // The same page with index.html's early request kept from starting.
    const late = await context.newPage();
    await late.addInitScript(() => {
      Object.defineProperty(globalThis, "__scriptoriumPrefetch", {
        configurable: true,
        get: () => undefined,
        set: () => undefined,
      });
    });
    const withoutEarly = await byUrl(late);
    await late.close();
    return {
      byUrlMs: withEarly.ms,
      inAppMs: mid(inApp),
      withoutEarlyMs: withoutEarly.ms,
      earlyRequest: withEarly.early,
    };
  });
}

/** What the save figure's watch of the page uses (no DOM types in the bench). */
interface SaveWatch {
  benchSave: { pressed: number; saved: number };
  addEventListener(
    type: string,
    cb: (e: { ctrlKey: boolean; key: string; timeStamp: number }) => void,
    capture: boolean,
  ): void;
  document: {
    querySelector(selector: string): { getAttribute(name: string): string | null } | null;
  };
  MutationObserver: new (cb: () => void) => {
    observe(target: unknown, options: { attributes: boolean; subtree: boolean }): void;
  };
  performance: {
    now(): number;
    setResourceTimingBufferSize(size: number): void;
    getEntriesByType(type: string): {
      name: string;
      initiatorType: string;
      startTime: number;
      responseEnd: number;
      serverTiming?: { name: string; duration: number }[];
    }[];
  };
}

/**
 * Opens a text file in the editor, then `runs` times types a character and presses Ctrl+S:
 * the time from the key to the Save button's done state (medians), split with the PUT's
 * resource timing into the browser's part (before and after the request), the network's and
 * the server's (its Server-Timing).
 */
export async function measureSaveInBrowser(
  base: string,
  user: { username: string; password: string },
  url: string,
  runs: number,
): Promise<{ totalMs: number; clientMs: number; networkMs: number; serverMs: number }> {
  return withBrowser(async (context) => {
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.locator('input[name="username"]').fill(user.username);
    await page.locator('input[name="password"]').fill(user.password);
    await page.locator('button[type="submit"]').click();
    await page.locator('[role="option"]').first().waitFor();
    await page.goto(`${base}${url}`);
    const content = page.locator(".cm-content");
    await content.waitFor({ timeout: 60_000 });
    await content.click();
    await page.evaluate(() => {
      const g = globalThis as unknown as SaveWatch;
      g.benchSave = { pressed: 0, saved: 0 };
      g.performance.setResourceTimingBufferSize(100_000);
      g.addEventListener(
        "keydown",
        (e) => {
          // The event's own time: the app's listener may run first (and start the request).
          if (e.ctrlKey && e.key === "s") g.benchSave = { pressed: e.timeStamp, saved: 0 };
        },
        true,
      );
      new g.MutationObserver(() => {
        const state = g.document
          .querySelector('[data-testid="editor-save"]')
          ?.getAttribute("data-state");
        if (state === "saved" && g.benchSave.saved === 0) g.benchSave.saved = g.performance.now();
      }).observe(g.document, { attributes: true, subtree: true });
    });
    const save = page.getByTestId("editor-save");
    const split: { totalMs: number; clientMs: number; networkMs: number; serverMs: number }[] = [];
    for (let i = 0; i < runs; i++) {
      await page.keyboard.press("Control+End");
      await page.keyboard.type("x");
      await page.keyboard.press("Control+s");
      await page.waitForFunction(
        () => (globalThis as unknown as SaveWatch).benchSave.saved > 0,
        undefined,
        { polling: 100, timeout: 60_000 },
      );
      split.push(
        await page.evaluate(async () => {
          const g = globalThis as unknown as SaveWatch;
          const find = () =>
            g.performance
              .getEntriesByType("resource")
              .filter((e) => e.name.includes("/api/resources/"))
              .filter((e) => e.startTime >= g.benchSave.pressed)[0];
          // The browser adds a request's timing a moment after its answer.
          let put = find();
          for (let i = 0; !put && i < 100; i++) {
            await new Promise((r) => setTimeout(r, 20));
            put = find();
          }
          if (!put) throw new Error("no resource timing of the save");
          const totalMs = g.benchSave.saved - g.benchSave.pressed;
          const requestMs = put.responseEnd - put.startTime;
          const serverMs = put.serverTiming?.find((s) => s.name === "save")?.duration ?? 0;
          return {
            totalMs,
            clientMs: totalMs - requestMs,
            networkMs: requestMs - serverMs,
            serverMs,
          };
        }),
      );
      // The done icon goes back to idle before the next save.
      await save.and(page.locator('[data-state="idle"]')).waitFor({ timeout: 10_000 });
    }
    const mid = (key: keyof (typeof split)[number]) =>
      [...split.map((s) => s[key])].sort((a, b) => a - b)[Math.floor(split.length / 2)]!;
    return {
      totalMs: mid("totalMs"),
      clientMs: mid("clientMs"),
      networkMs: mid("networkMs"),
      serverMs: mid("serverMs"),
    };
  });
}
