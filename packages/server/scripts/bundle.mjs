/**
 * Bundles the built server (dist/, from tsc) into a few files in bundle/, with rolldown: the
 * command starts by loading one module instead of about 1,200 (TypeBox, Kysely, Fastify, jose…
 * each load hundreds of files), which is most of its start-up time. Packages with native
 * addons, WebAssembly or worker files of their own stay outside and load from node_modules.
 * The workers (codecs, RAR, the text index) are entries of their own beside the main one, as the server looks
 * for them next to its own module. bin/scriptorium.js runs the bundle when it is newer than
 * dist/, the modules of dist/ otherwise.
 */
import { rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";

const server = fileURLToPath(new URL("..", import.meta.url));
const out = `${server}bundle`;
const external = [
  /^node:/,
  "sharp",
  /^@img\//,
  /^@node-rs\//,
  "snappy",
  "node-liblzma",
  "node-unrar-js",
];

/**
 * @fastify/static requires glob (with minimatch, path-scurry and lru-cache) at load, for
 * `wildcard: false` only, which we never set: glob becomes a chunk of its own, loaded by the
 * first call. Its evaluation was about 10 ms of every start.
 */
const LAZY_GLOB = "\0lazy-glob";
const lazyGlob = {
  name: "lazy-glob",
  resolveId(source, importer) {
    if (source === "glob" && importer?.includes("@fastify/static")) return LAZY_GLOB;
    return null;
  },
  load(id) {
    if (id !== LAZY_GLOB) return null;
    return 'export const glob = (...args) => import("glob").then((m) => m.glob(...args));';
  },
};

await rm(out, { recursive: true, force: true });
await build({
  input: {
    main: `${server}dist/cli/main.js`,
    "codec-worker": `${server}dist/features/archive/codecs/codec-worker.js`,
    "rar-worker": `${server}dist/features/extract/rar-worker.js`,
    "text-index-worker": `${server}dist/features/search/text-index-worker.js`,
    "pg-text-worker": `${server}dist/features/search/pg-text-worker.js`,
  },
  platform: "node",
  external,
  plugins: [lazyGlob],
  logLevel: "warn",
  output: {
    dir: out,
    format: "esm",
    entryFileNames: "[name].js",
    chunkFileNames: "[name]-[hash].js",
    sourcemap: true,
    // V8 keeps a module's source text in memory: one non-ASCII character (an ellipsis in a
    // message) makes all of it two bytes per character, and JSDoc comments are most of it.
    charset: "ascii",
    comments: { legal: true, annotation: false, jsdoc: false },
    // No compression. Local names are shortened (the source V8 keeps in memory is 20% smaller:
    // 3.20 to 2.56 MB, 0.7 MB less heap at rest); functions and classes keep their names, and
    // top-level names stay, so stack traces still read well.
    minify: {
      compress: false,
      mangle: { toplevel: false, keepNames: { function: true, class: true } },
      codegen: { removeWhitespace: true },
    },
  },
});
