import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

/**
 * pdf.js's data, served from our own build (never fetched from elsewhere): the character maps,
 * the standard fonts and the image decoders, under dist/pdfjs/ (the viewer's pdfjs.ts).
 */
function pdfjsAssets(): Plugin {
  const root = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
  return {
    name: "pdfjs-assets",
    apply: "build",
    generateBundle() {
      for (const folder of ["cmaps", "standard_fonts", "wasm"]) {
        for (const name of readdirSync(path.join(root, folder))) {
          this.emitFile({
            type: "asset",
            fileName: `pdfjs/${folder}/${name}`,
            source: readFileSync(path.join(root, folder, name)),
          });
        }
      }
    },
  };
}

// The server serves dist/* under {BaseURL}/static/ and rewrites "/static/" in index.html to
// {StaticURL}/ at request time, so the built HTML must reference assets as /static/….
export default defineConfig({
  base: "/static/",
  plugins: [react(), pdfjsAssets()],
  resolve: {
    alias: {
      "@scriptorium/shared": fileURLToPath(new URL("../shared/src/index.ts", import.meta.url)),
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
    // One bundle on purpose: all 25 locales are bundled and no chunk URL has to be resolved
    // at runtime. ~190 kB gzipped.
    chunkSizeWarningLimit: 800,
  },
  experimental: {
    // URLs produced at runtime inside JS (lazy chunks, imported assets) must follow StaticURL,
    // which the server knows only per request: it defines window.__prependStaticUrl for this.
    renderBuiltUrl(filename, { hostType }) {
      if (hostType === "js") {
        return {
          runtime: `(window.__prependStaticUrl?window.__prependStaticUrl(${JSON.stringify(filename)}):${JSON.stringify("/static/" + filename)})`,
        };
      }
      // CSS references its assets relatively; HTML keeps "/static/…" for the server to rewrite.
      return hostType === "css" ? { relative: true } : undefined;
    },
  },
  server: {
    proxy: {
      "/api": { target: "http://127.0.0.1:8080", ws: true },
      "/health": "http://127.0.0.1:8080",
    },
  },
});
