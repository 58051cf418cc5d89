/**
 * The entry of the codec worker threads (offload.ts): the JavaScript codecs, run there when no
 * system program does the work, so that their CPU time never stalls the server's event loop.
 */
import { serveTransforms } from "../../../lib/workers/worker-host.js";
import { Bunzip2 } from "./bunzip2.js";
import { Bzip2Encoder } from "./bzip2-encoder.js";
import { Lz4FrameDecoder, Lz4FrameEncoder } from "./lz4-frame.js";
import { SnappyFrameDecoder, SnappyFrameEncoder } from "./snappy-frame.js";

serveTransforms({
  "bz2-compress": () => new Bzip2Encoder(),
  "bz2-decompress": () => new Bunzip2(),
  "lz4-compress": () => new Lz4FrameEncoder(),
  "lz4-decompress": () => new Lz4FrameDecoder(),
  "sz-compress": () => new SnappyFrameEncoder(),
  "sz-decompress": () => new SnappyFrameDecoder(),
});
