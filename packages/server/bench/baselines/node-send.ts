/**
 * A second reference for the download figure: a bare Node HTTP server streaming a file with
 * `fs.createReadStream` (1 MiB reads) into the response, Range requests included — what Node
 * itself reaches without sendfile. Run as `node node-send.ts <file> <port>`; prints
 * "listening" when ready.
 */
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import { pipeline } from "node:stream/promises";

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error("usage: node-send.ts <file> <port>");
const size = statSync(file).size;

const server = createServer((req, res) => {
  const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? "");
  const start = range ? Number(range[1]) : 0;
  const end = range && range[2] ? Number(range[2]) : size - 1;
  res.writeHead(range ? 206 : 200, { "Content-Length": String(end - start + 1) });
  void pipeline(createReadStream(file, { start, end, highWaterMark: 1 << 20 }), res).catch(
    () => undefined,
  );
});
server.listen(Number(port), "127.0.0.1", () => process.stdout.write("listening\n"));
