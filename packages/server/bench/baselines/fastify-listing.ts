/**
 * Baseline of the concurrency figure: a bare Fastify route that lists a folder with `readdir`
 * and `stat` of every entry, as JSON, with nothing else. Run as
 * `node fastify-listing.ts <folder> <port>`; prints "listening" when ready.
 */
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import Fastify from "fastify";

const [folder, port] = process.argv.slice(2);
if (!folder || !port) throw new Error("usage: fastify-listing.ts <folder> <port>");

const app = Fastify({ logger: false });
app.get("/list", async () => {
  const names = await readdir(folder);
  const items = await Promise.all(
    names.map(async (name) => {
      const info = await stat(path.join(folder, name));
      return {
        name,
        size: info.size,
        modified: info.mtime.toISOString(),
        isDir: info.isDirectory(),
      };
    }),
  );
  return { items };
});
await app.listen({ host: "127.0.0.1", port: Number(port) });
process.stdout.write("listening\n");
