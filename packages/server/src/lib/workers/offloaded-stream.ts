import { Duplex } from "node:stream";

/**
 * Where the bytes of an offloaded stream go to be transformed: another process or a worker
 * thread. Output comes back through the `push` given to the factory; when `push` returns false
 * the backend holds its output until `resume()`.
 */
export interface Backend {
  /** Resolves once the chunk is accepted (backend back-pressure included). */
  write(chunk: Buffer): Promise<void>;
  /** No more input: resolves once every output byte was pushed and the backend succeeded. */
  end(): Promise<void>;
  /** The consumer wants more output. */
  resume(): void;
  /** Stops the work now (a request was aborted, or a stage failed). */
  destroy(): void;
}

export type BackendFactory = (push: (chunk: Buffer) => boolean) => Promise<Backend> | Backend;

/**
 * A Duplex that behaves like a Transform whose work happens off the event loop. The backend is
 * made at the first write (or at the end of an empty input), so choosing it may be asynchronous
 * (probing for a program). Destroying the stream destroys the backend.
 */
export class OffloadedStream extends Duplex {
  private backend: Promise<Backend> | undefined;
  private made: Backend | undefined;
  private stopped = false;

  constructor(private readonly factory: BackendFactory) {
    super();
  }

  private open(): Promise<Backend> {
    this.backend ??= Promise.resolve(this.factory((chunk) => this.push(chunk))).then((b) => {
      this.made = b;
      // Destroyed while the backend was being chosen: stop it at once.
      if (this.stopped) b.destroy();
      return b;
    });
    return this.backend;
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.send(chunk, done);
  }

  private send(chunk: Buffer, done: (err?: Error | null) => void): void {
    this.open()
      .then((b) => b.write(chunk))
      .then(
        () => done(),
        (err: unknown) => done(err as Error),
      );
  }

  /** Chunks that queued up while the backend was busy go as one (one round trip to a worker). */
  override _writev(chunks: { chunk: Buffer }[], done: (err?: Error | null) => void): void {
    this.send(Buffer.concat(chunks.map((c) => c.chunk)), done);
  }

  override _final(done: (err?: Error | null) => void): void {
    this.open()
      .then((b) => b.end())
      .then(
        () => {
          this.push(null);
          done();
        },
        (err: unknown) => done(err as Error),
      );
  }

  override _read(): void {
    this.made?.resume();
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void): void {
    this.stopped = true;
    this.made?.destroy();
    done(err);
  }
}
