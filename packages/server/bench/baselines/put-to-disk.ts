/**
 * Baseline of the upload figure: a bare Node HTTP server that pipes each PUT body into a file
 * and fsyncs it before answering 201. Run as `node put-to-disk.ts <file> <port>`; prints
 * "listening" when ready.
 */
import { createWriteStream } from "node:fs";
import { open } from "node:fs/promises";
import { createServer } from "node:http";
import { pipeline } from "node:stream/promises";

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error("usage: put-to-disk.ts <file> <port>");

const server = createServer((req, res) => {
  void (async () => {
    const handle = await open(file, "w");
    try {
      await pipeline(req, createWriteStream("", { fd: handle.fd, autoClose: false }));
      await handle.sync();
      res.writeHead(201).end();
    } catch (err) {
      res.writeHead(500).end(String(err));
    } finally {
      await handle.close();
    }
  })();
});
server.listen(Number(port), "127.0.0.1", () => process.stdout.write("listening\n"));
