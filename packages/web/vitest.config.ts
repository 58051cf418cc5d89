import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: [
      {
        find: "@scriptorium/shared",
        replacement: fileURLToPath(new URL("../shared/src/index.ts", import.meta.url)),
      },
      // The app bundles tus-js-client's browser build (package.json "browser"); tests load the
      // same one rather than the Node build, which cannot read Blobs.
      { find: /^tus-js-client$/, replacement: "tus-js-client/lib.esm/browser/index.js" },
    ],
  },
  test: {
    name: "web",
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["src/test/setup.ts"],
  },
});
