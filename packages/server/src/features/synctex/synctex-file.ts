import { StringDecoder } from "node:string_decoder";
import { createGunzip } from "node:zlib";
import { SynctexReader, type SynctexHeader, type SynctexVisitor } from "@scriptorium/shared";
import { AppError } from "../../errors.js";
import type { UserFs } from "../../storage/user-fs.js";

type FileHandle = Awaited<ReturnType<UserFs["openRead"]>>;

/** A `.synctex.gz` larger than this is refused (a long book's is a few MiB). */
export const MAX_SYNCTEX_GZ_BYTES = 64 * 1024 * 1024;
/** Nor is more text read out of it than this: a bomb stops here, read in bounded chunks. */
export const MAX_SYNCTEX_TEXT_BYTES = 256 * 1024 * 1024;

const tooLarge = () =>
  new AppError("PAYLOAD_TOO_LARGE", "The SyncTeX data of this PDF is too large to read");

/**
 * Reads an opened `.synctex.gz` through `visitor`, gunzipped as a stream and split into lines
 * as it comes: memory holds a chunk and a line (the reader refuses long lines), never the text.
 */
export async function readSynctex(
  handle: FileHandle,
  visitor: SynctexVisitor,
  limits = { gz: MAX_SYNCTEX_GZ_BYTES, text: MAX_SYNCTEX_TEXT_BYTES },
): Promise<SynctexHeader> {
  const stats = await handle.stat();
  if (!stats.isFile()) throw new AppError("NOT_FOUND", "This PDF has no SyncTeX data");
  if (stats.size > limits.gz) throw tooLarge();
  const source = handle.createReadStream({ autoClose: false, start: 0, end: limits.gz });
  const gunzip = createGunzip();
  source.pipe(gunzip);
  source.on("error", (err) => gunzip.destroy(err));
  const reader = new SynctexReader(visitor);
  const decoder = new StringDecoder("utf8");
  let rest = "";
  let total = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limits.text) throw tooLarge();
      const text = rest + decoder.write(chunk);
      let start = 0;
      for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", start)) {
        reader.line(text.slice(start, nl));
        start = nl + 1;
      }
      rest = text.slice(start);
      // A line without end: handed to the reader now, which refuses it when it is too long.
      if (rest.length > 65_536) reader.line(rest);
    }
    rest += decoder.end();
    if (rest !== "") reader.line(rest);
    return reader.end();
  } finally {
    source.unpipe(gunzip);
    source.destroy();
    gunzip.destroy();
  }
}
