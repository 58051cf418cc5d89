import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { FastifyInstance } from "fastify";

/** V8's `gc()` of --expose-gc, with the options its extension reads. */
type Collect = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

export interface IdleMemoryOptions {
  /** How long no request may start or end before the heap is trimmed (ms). */
  idleMs: number;
  /** The shortest time between two trims (ms): a client polling slower than idleMs costs little. */
  minGapMs: number;
  /** What trims; by default V8's memory-reducing collection. */
  trim?: () => void;
  /**
   * How many times `trim` runs in the first quiet spell after the start (1 when not given), or
   * in the first spells if requests interrupt them; every later spell runs it once.
   */
  passes?: number;
  /** The pause between two passes (ms). */
  passGapMs?: number;
}

/**
 * V8's --bytecode-old-age: a function's bytecode is dropped by the major collection that finds
 * it unused for this many collections in a row (it is compiled again from source if it runs
 * again). The code run only while the server started (route and plugin set-up, migrations) is
 * most of what a quiet server can give back: after one collection the idle server held about
 * 84.5 MiB, after four in a row about 83 MiB. They run once in the server's life: run at every
 * quiet spell, they would also drop what ran before the spell (Node's streams, an upload's own
 * path), which the next request then runs cold. In the two bench runs that did so, a WebDAV PUT
 * of 1 GiB made after such spells fell from about 1.2 times Apache's speed to 0.63-0.92 times;
 * with the six in the first spell only, two runs read 1.39 and 1.37 times again.
 */
const BYTECODE_OLD_AGE = 6;

/**
 * Ten seconds: long enough that someone browsing (a click every few seconds) seldom meets the
 * ~0.1 s pause of a trim, short enough that a server left alone soon gives its memory back.
 */
export const IDLE_MEMORY_DEFAULTS: IdleMemoryOptions = {
  idleMs: 10_000,
  minGapMs: 60_000,
  passes: BYTECODE_OLD_AGE,
  passGapMs: 100,
};

let collect: Collect | undefined;

/**
 * V8's last-resort collection: every generation collected, the young generation shrunk to its
 * smallest size and the pages it held returned to the system. About 90 ms with the server's
 * heap at rest; it takes the idle server from ~112 to ~99 MiB (RSS), where an ordinary major
 * collection shrinks the young generation but keeps its pages. --expose-gc set at run time
 * only gives `gc` to contexts made after it, which is all that is needed here.
 */
export function memoryReducingCollection(): void {
  if (!collect) {
    setFlagsFromString("--expose-gc");
    collect = runInNewContext("gc") as Collect;
  }
  collect({ type: "major", execution: "sync", flavor: "last-resort" });
}

/**
 * Trims the heap once the server has had no request for `idleMs`: under load V8 grows the young
 * generation as it sees fit (uploads and listings allocate fast), and the memory it took is
 * given back once the load is over. One trim per quiet spell (a request re-arms it), and at most
 * one per `minGapMs`; the first trim is `passes` collections, `passGapMs` apart, the others one.
 * Returns a function that stops it.
 */
export function trimMemoryWhenIdle(
  app: FastifyInstance,
  options: IdleMemoryOptions = IDLE_MEMORY_DEFAULTS,
): () => void {
  const trim = options.trim ?? memoryReducingCollection;
  // Requests are not counted while they run: a WebSocket held open would keep the count above
  // zero for good. A long download may see one trim (a pause of ~0.1 s), then none until the
  // next request re-arms it.
  let armed = true;
  let lastTrim = -Infinity;
  // The collections still owed to the first full set of passes (a request ends a spell's passes;
  // the next spell goes on with them).
  let owed = options.passes ?? 1;
  const fire = () => {
    if (!armed) return;
    if (Date.now() - lastTrim < options.minGapMs) {
      timer.refresh();
      return;
    }
    armed = false;
    lastTrim = Date.now();
    pass();
  };
  // One collection, then the next one owed after a pause for requests; a request that starts
  // meanwhile re-arms the trim and ends the spell's passes.
  let passTimer: NodeJS.Timeout | undefined;
  const pass = () => {
    trim();
    if (owed > 0) owed--;
    if (owed === 0) return;
    passTimer = setTimeout(pass, options.passGapMs ?? 0);
    passTimer.unref();
  };
  const timer = setTimeout(fire, options.idleMs);
  timer.unref();
  app.addHook("onRequest", (_request, _reply, done) => {
    armed = true;
    clearTimeout(passTimer);
    timer.refresh();
    done();
  });
  app.addHook("onResponse", (_request, _reply, done) => {
    timer.refresh();
    done();
  });
  return () => {
    clearTimeout(timer);
    clearTimeout(passTimer);
  };
}
