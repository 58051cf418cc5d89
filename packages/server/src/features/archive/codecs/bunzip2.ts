import { Transform, type TransformCallback } from "node:stream";
import unbzip2 from "unbzip2-stream";

/**
 * unbzip2-stream is a classic (pre-streams2) through stream: wrapped in a Transform whose
 * callbacks wait for its output, so pipeline() and back-pressure work.
 */
export class Bunzip2 extends Transform {
  private readonly inner = unbzip2();
  private finish: TransformCallback | undefined;

  constructor() {
    super();
    this.inner.on("data", (chunk: Buffer) => this.push(chunk));
    this.inner.on("error", (err: Error) => this.destroy(err));
    this.inner.on("end", () => this.finish?.());
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.inner.write(chunk);
    done();
  }

  override _flush(done: TransformCallback): void {
    this.finish = done;
    this.inner.end();
  }
}
