/**
 * The soak's clients: each one loops until the deadline over a mix of listing, uploads (plain
 * POST and tus), downloads (raw and tar.gz), copies and deletions in its own folder, and
 * records the status of every request. A client keeps at most MAX_OWNED entries of its own,
 * deleting the oldest first, so the files root stays bounded however long the run.
 */
import { randomBytes, randomInt } from "node:crypto";

/** Every request gives up after this long: a hung request is a failure, not a stuck run. */
const REQUEST_TIMEOUT_MS = 30_000;
const MAX_OWNED = 12;
const TUS_CHUNK = 256 * 1024;

export type Op = "list" | "upload" | "tus" | "raw" | "targz" | "copy" | "delete";
const MIX: [Op, number][] = [
  ["list", 30],
  ["upload", 15],
  ["tus", 10],
  ["raw", 15],
  ["targz", 5],
  ["copy", 10],
  ["delete", 15],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [, w]) => sum + w, 0);

/** Counts of statuses per operation and step, latencies, and what went wrong. */
export class Recorder {
  readonly statuses = new Map<string, Map<number, number>>();
  readonly latencies = new Map<Op, number[]>();
  readonly failures: string[] = [];
  requests = 0;

  status(step: string, status: number): void {
    const counts = this.statuses.get(step) ?? new Map<number, number>();
    counts.set(status, (counts.get(status) ?? 0) + 1);
    this.statuses.set(step, counts);
    this.requests++;
  }

  latency(op: Op, ms: number): void {
    const list = this.latencies.get(op) ?? [];
    list.push(ms);
    this.latencies.set(op, list);
  }

  fail(message: string): void {
    // The first few are enough to diagnose; the count says the rest.
    if (this.failures.length < 50) this.failures.push(message);
    else this.failures[49] = `… and more (last: ${message})`;
  }
}

interface Ctx {
  base: string;
  token: string;
  client: number;
  rec: Recorder;
  owned: string[];
  serial: number;
}

/** One request; transport errors and timeouts are recorded as status 0 and thrown. */
async function call(
  ctx: Ctx,
  step: string,
  url: string,
  init: RequestInit,
  expected: number,
): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(`${ctx.base}${url}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), "X-Auth": ctx.token },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    ctx.rec.status(step, 0);
    throw new Error(`${step} ${url}: transport error ${(err as Error).message}`, {
      cause: err,
    });
  }
  ctx.rec.status(step, res.status);
  if (res.status !== expected) {
    const body = await res.text().catch(() => "");
    throw new Error(`${step} ${url}: ${res.status} (expected ${expected}) ${body.slice(0, 200)}`);
  }
  return res;
}

/** Reads a body to its end; returns its length and first bytes. */
async function drain(res: Response): Promise<{ length: number; head: Buffer }> {
  let length = 0;
  let head = Buffer.alloc(0);
  for await (const chunk of res.body ?? []) {
    const piece = Buffer.from(chunk as Uint8Array);
    if (head.length < 4) head = Buffer.concat([head, piece.subarray(0, 4)]);
    length += piece.length;
  }
  return { length, head };
}

const folderOf = (ctx: Ctx) => `/c${ctx.client}`;
const nextName = (ctx: Ctx, prefix: string) => `${prefix}-${ctx.serial++}`;

async function forget(ctx: Ctx, name: string): Promise<void> {
  await call(ctx, "delete", `/api/resources${folderOf(ctx)}/${name}`, { method: "DELETE" }, 204);
  ctx.owned = ctx.owned.filter((n) => n !== name);
}

const OPS: Record<Op, (ctx: Ctx) => Promise<void>> = {
  async list(ctx) {
    const folder = randomInt(2) ? folderOf(ctx) : "/corpus";
    const res = await call(ctx, "list", `/api/resources${folder}/`, {}, 200);
    const body = (await res.json()) as { items?: unknown[] };
    if (!Array.isArray(body.items)) throw new Error(`list ${folder}: no items`);
  },

  async upload(ctx) {
    const name = `${nextName(ctx, "note")}.txt`;
    const data = randomBytes(randomInt(1024, 64 * 1024));
    await call(
      ctx,
      "upload",
      `/api/resources${folderOf(ctx)}/${name}?override=true`,
      { method: "POST", body: data, headers: { "Content-Type": "application/octet-stream" } },
      200,
    );
    ctx.owned.push(name);
  },

  async tus(ctx) {
    const name = `${nextName(ctx, "scan")}.bin`;
    const data = randomBytes(randomInt(TUS_CHUNK, 8 * TUS_CHUNK));
    const url = `/api/tus${folderOf(ctx)}/${name}?override=false`;
    const tus = { "Tus-Resumable": "1.0.0" };
    await call(
      ctx,
      "tus POST",
      url,
      { method: "POST", headers: { ...tus, "Upload-Length": String(data.length) } },
      201,
    );
    for (let offset = 0; offset < data.length; offset += TUS_CHUNK) {
      const res = await call(
        ctx,
        "tus PATCH",
        url,
        {
          method: "PATCH",
          headers: {
            ...tus,
            "Upload-Offset": String(offset),
            "Content-Type": "application/offset+octet-stream",
          },
          body: data.subarray(offset, offset + TUS_CHUNK),
        },
        204,
      );
      const now = Number(res.headers.get("upload-offset"));
      if (now !== Math.min(offset + TUS_CHUNK, data.length))
        throw new Error(`tus ${name}: offset ${now} after the chunk at ${offset}`);
    }
    ctx.owned.push(name);
  },

  async raw(ctx) {
    const res = await call(ctx, "raw", "/api/raw/corpus/plate.bin", {}, 200);
    const { length } = await drain(res);
    if (length !== 1024 * 1024) throw new Error(`raw: ${length} bytes`);
  },

  async targz(ctx) {
    const res = await call(ctx, "targz", "/api/raw/corpus/texts/?algo=targz", {}, 200);
    const { length, head } = await drain(res);
    if (head[0] !== 0x1f || head[1] !== 0x8b || length < 100)
      throw new Error(`targz: not a gzip stream (${length} bytes)`);
  },

  async copy(ctx) {
    // A folder of its own seed, or one of its files when it has some.
    const from =
      ctx.owned.length && randomInt(2) ? ctx.owned[randomInt(ctx.owned.length)]! : "seed";
    const name = nextName(ctx, "copy");
    const destination = encodeURIComponent(`${folderOf(ctx)}/${name}`);
    await call(
      ctx,
      "copy",
      `/api/resources${folderOf(ctx)}/${from}?action=copy&destination=${destination}`,
      { method: "PATCH" },
      200,
    );
    ctx.owned.push(name);
  },

  async delete(ctx) {
    const name = ctx.owned[0];
    if (name) await forget(ctx, name);
    else await OPS.list(ctx);
  },
};

function pick(): Op {
  let r = randomInt(TOTAL_WEIGHT);
  for (const [op, weight] of MIX) {
    if (r < weight) return op;
    r -= weight;
  }
  return "list";
}

/**
 * One client's loop, until `deadline` (ms since the epoch). It never throws: every failure is
 * recorded, and the loop goes on.
 */
export async function runClient(
  base: string,
  token: string,
  client: number,
  deadline: number,
  rec: Recorder,
): Promise<void> {
  const ctx: Ctx = { base, token, client, rec, owned: [], serial: 0 };
  while (Date.now() < deadline) {
    const op = pick();
    const started = performance.now();
    try {
      await OPS[op](ctx);
      while (ctx.owned.length > MAX_OWNED) await forget(ctx, ctx.owned[0]!);
    } catch (err) {
      rec.fail(`client ${client}: ${(err as Error).message}`);
    }
    rec.latency(op, performance.now() - started);
  }
}
