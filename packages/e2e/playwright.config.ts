import { defineConfig } from "@playwright/test";

/** Debian's Chromium, headless, as root on a closed network (DEVELOPERS.md). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "specs",
  globalSetup: "./support/global-setup.ts",
  globalTeardown: "./support/global-teardown.ts",
  fullyParallel: false,
  workers: 1,
  // One retry in CI against load on a 2-core machine; a test that needed it is reported as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: "../../test-results/e2e.json" }]],
  outputDir: "test-results",
  use: {
    browserName: "chromium",
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    },
    screenshot: "only-on-failure",
    trace: "off",
    locale: "en-US",
    viewport: { width: 1280, height: 800 },
  },
});
