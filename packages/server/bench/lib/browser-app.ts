/**
 * The app's own pages measured in Chromium (browser.ts starts it): a PDF's first page drawn in
 * the viewer and a folder opened by its URL, each in rounds that alternate with its baseline
 * (lib/paired.ts's reading: ours, baseline, ours, baseline…, the side that goes first
 * alternating too); and a save from the editor, Ctrl+S to its done icon.
 */
import type { Page } from "playwright-core";
import { withBrowser } from "./browser.ts";

/** One measurement of a baseline taken between two of ours (ms). */
export type Baseline = () => Promise<number> | number;

/** What the PDF figure's watch of the page uses (the bench has no DOM types). */
interface PageWatch {
  benchDrawn: number;
  document: { body: unknown; querySelector(selector: string): unknown };
  requestAnimationFrame(cb: (now: number) => void): number;
  MutationObserver: new (cb: () => void) => {
    observe(target: unknown, options: { subtree: boolean; childList: boolean }): void;
    disconnect(): void;
  };
}

/** What the folder figure reads of the page's own timing. */
interface PageTiming {
  performance: {
    getEntriesByType(type: string): { name: string; startTime: number; domInteractive?: number }[];
  };
}

interface User {
  username: string;
  password: string;
}

async function logIn(page: Page, base: string, user: User): Promise<void> {
  await page.goto(`${base}/login`);
  await page.locator('input[name="username"]').fill(user.username);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('button[type="submit"]').click();
  await page.locator('[role="option"]').first().waitFor();
}

/** Round `i`'s two measurements, ours first on even rounds and the baseline first on odd ones. */
async function inTurn(
  i: number,
  ours: () => Promise<number>,
  baseline: Baseline,
): Promise<[number, number]> {
  if (i % 2 === 0) {
    const o = await ours();
    return [o, await baseline()];
  }
  const b = await baseline();
  return [await ours(), b];
}

/**
 * Logs in, then opens `folder`, double-clicks `name` (a PDF) in its listing and times until the
 * viewer's page 1 is drawn and painted (the next animation frame). The first open loads the
 * viewer's code and pdf.js's worker (`coldMs`); then `rounds` rounds of a warm open and one
 * `baseline` measurement, in turn.
 */
export async function measurePdfFirstPage(
  base: string,
  user: User,
  folder: string,
  name: string,
  rounds: number,
  baseline: Baseline,
): Promise<{ coldMs: number; oursRounds: number[]; baselineRounds: number[] }> {
  return withBrowser(async (context) => {
    const page = await context.newPage();
    await logIn(page, base, user);
    const open = async () => {
      await page.goto(`${base}${folder}`);
      const item = page.locator(`[data-testid="listing-item"][data-name="${name}"]`);
      await item.waitFor({ state: "visible" });
      // The page notes when page 1's canvas is in and painted (the next animation frame): a
      // poll from here would add its own delay.
      await page.evaluate(() => {
        const g = globalThis as unknown as PageWatch;
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
      return drawn - start;
    };
    const coldMs = await open();
    await baseline(); // its untimed first run, as ours had the cold open
    const oursRounds: number[] = [];
    const baselineRounds: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const [o, b] = await inTurn(i, open, baseline);
      oursRounds.push(o);
      baselineRounds.push(b);
    }
    return { coldMs, oursRounds, baselineRounds };
  });
}

/**
 * A folder's first item on screen, opened by its URL in a fresh page load (the bundle from the
 * browser's cache, as on a second visit) against opened from inside the app (a double click on
 * it in its parent's listing); and by its URL with the page's early request turned off (the
 * listing asks once the bundle runs). After an untimed round, `rounds` rounds of each, by URL
 * and inside the app in turn. `firstName` is an item of the folder.
 */
export async function measureFolderByUrl(
  base: string,
  user: User,
  folder: { url: string; name: string; parentUrl: string; firstName: string },
  rounds: number,
): Promise<{
  byUrl: number[];
  inApp: number[];
  withoutEarly: number[];
  earlyRequest: boolean;
}> {
  return withBrowser(async (context) => {
    const page = await context.newPage();
    await logIn(page, base, user);
    /**
     * The same page with index.html's early request kept from starting; opened for one load and
     * closed, since a second page left open slows the first one's loads several times over.
     */
    const lateOnce = async () => {
      const late = await context.newPage();
      try {
        await late.addInitScript(() => {
          Object.defineProperty(globalThis, "__scriptoriumPrefetch", {
            configurable: true,
            get: () => undefined,
            set: () => undefined,
          });
        });
        return await byUrl(late, false);
      } finally {
        await late.close();
      }
    };
    const firstOn = (p: Page) =>
      p.locator(`[data-testid="listing-item"][data-name="${folder.firstName}"]`);
    let early = true;

    /** Opens the folder by its URL once; notes whether the load asked for its data early. */
    async function byUrl(p: Page, checkEarly: boolean): Promise<number> {
      await p.goto(`${base}/settings/profile`);
      await p.locator("main").waitFor();
      const start = Date.now();
      await p.goto(`${base}${folder.url}`, { waitUntil: "commit" });
      await firstOn(p).waitFor({ state: "visible", timeout: 60_000 });
      const ms = Date.now() - start;
      if (checkEarly) {
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
      return ms;
    }
    async function inApp(): Promise<number> {
      await page.goto(`${base}${folder.parentUrl}`);
      const entry = page.locator(`[data-testid="listing-item"][data-name="${folder.name}"]`);
      await entry.waitFor();
      const start = Date.now();
      await entry.dblclick();
      await firstOn(page).waitFor({ state: "visible", timeout: 60_000 });
      return Date.now() - start;
    }

    const result = { byUrl: [] as number[], inApp: [] as number[], withoutEarly: [] as number[] };
    for (let i = 0; i <= rounds; i++) {
      const [url, app] = await inTurn(i, () => byUrl(page, true), inApp);
      const lateMs = await lateOnce();
      if (i === 0) continue; // the untimed round
      result.byUrl.push(url);
      result.inApp.push(app);
      result.withoutEarly.push(lateMs);
    }
    return { ...result, earlyRequest: early };
  });
}

/** What the save figure's watch of the page uses. */
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
  user: User,
  url: string,
  runs: number,
): Promise<{ totalMs: number; clientMs: number; networkMs: number; serverMs: number }> {
  return withBrowser(async (context) => {
    const page = await context.newPage();
    await logIn(page, base, user);
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
