/**
 * The fair peer of a cached listing: the bare Fastify route of fastify-listing.ts with its own
 * cache of unchanged folders. The first request reads the folder (`readdir` + `stat` of every
 * entry) and keeps the JSON answer; a watcher on the folder (inotify: entries added, removed,
 * renamed or written) drops it, so the next request reads afresh. Run as
 * `node fastify-listing-cached.ts <folder> <port>`; prints "listening" when ready.
 */
import { watch } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import Fastify from "fastify";

const [folder, port] = process.argv.slice(2);
if (!folder || !port) throw new Error("usage: fastify-listing-cached.ts <folder> <port>");

let cached: Promise<string> | undefined;
watch(folder, () => {
  cached = undefined;
});

async function read(dir: string): Promise<string> {
  const names = await readdir(dir);
  const items = await Promise.all(
    names.map(async (name) => {
      const info = await stat(path.join(dir, name));
      return {
        name,
        size: info.size,
        modified: info.mtime.toISOString(),
        isDir: info.isDirectory(),
      };
    }),
  );
  return JSON.stringify({ items });
}

const app = Fastify({ logger: false });
app.get("/list", async (_request, reply) => {
  // Every request that arrives while the folder is read waits for that one reading.
  const reading = (cached ??= read(folder));
  reading.catch(() => {
    if (cached === reading) cached = undefined;
  });
  return reply.type("application/json; charset=utf-8").send(await reading);
});
await app.listen({ host: "127.0.0.1", port: Number(port) });
process.stdout.write("listening\n");
