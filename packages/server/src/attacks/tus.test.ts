import { readdir } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectSafe, startTarget, type SendOptions, type Target } from "../test/attack-target.js";

/**
 * tus abuse (API.md §6, Part A §7, §17): offsets that do not match, chunks beyond the declared
 * length, lengths that are not numbers, wrong content types, and someone else's upload. Each is a
 * 4xx that leaves the upload where it was; no partial file appears under its final name.
 */
let target: Target;

beforeAll(async () => {
  target = await startTarget({ extra: [{ name: "mate", scope: "/ada" }] });
});
afterAll(() => target.close());

const OCTETS = "application/offset+octet-stream";
let n = 0;

async function start(length = 10, user = "ada") {
  const url = `/api/tus/up-${n++}.bin`;
  const res = await target.as(user, url, {
    method: "POST",
    headers: { "upload-length": String(length) },
  });
  expect(res.status).toBe(201);
  return url;
}

const patch = (
  url: string,
  offset: string,
  body: string,
  headers: Record<string, string> = {},
  user = "ada",
) =>
  target.as(user, url, {
    method: "PATCH",
    headers: { "upload-offset": offset, "content-type": OCTETS, ...headers },
    body,
  });

async function offsetOf(url: string, user = "ada"): Promise<string | undefined> {
  const res = await target.as(user, url, { method: "HEAD" });
  return res.headers["upload-offset"] as string | undefined;
}

describe("offset games", () => {
  const bad: [string, string, number][] = [
    ["an offset ahead of the data", "6", 409],
    ["an offset behind the data", "2", 409],
    ["a negative offset", "-1", 400],
    ["a non-numeric offset", "abc", 400],
    ["an exponent", "4e0", 400],
    ["a hexadecimal offset", "0x4", 400],
    ["a fractional offset", "4.0", 400],
    ["an offset beyond 2^53", "9007199254740993", 400],
    ["an empty offset", "", 400],
  ];
  for (const [name, offset, status] of bad) {
    it(name, async () => {
      const url = await start();
      expect((await patch(url, "0", "abcd")).status).toBe(204);
      const res = await patch(url, offset, "zz");
      expectSafe(target, res, name);
      expect([status, 400, 409]).toContain(res.status);
      expect(await offsetOf(url)).toBe("4");
    });
  }

  it("a replayed chunk is refused, not appended twice", async () => {
    const url = await start();
    expect((await patch(url, "0", "abcd")).status).toBe(204);
    const again = await patch(url, "0", "abcd");
    expectSafe(target, again, "replay");
    expect(again.status).toBe(409);
    expect(await offsetOf(url)).toBe("4");
  });

  it("a PATCH with no POST before it is 404", async () => {
    const res = await patch("/api/tus/never-started.bin", "0", "abcd");
    expectSafe(target, res, "no post");
    expect(res.status).toBe(404);
    expect(await readdir(target.ada)).not.toContain("never-started.bin");
  });
});

describe("oversized and malformed lengths", () => {
  it("a chunk beyond the declared length changes nothing", async () => {
    const url = await start(6);
    expect((await patch(url, "0", "abcd")).status).toBe(204);
    const res = await patch(url, "4", "efghij");
    expectSafe(target, res, "beyond");
    expect(res.status).toBe(400);
    expect(await offsetOf(url)).toBe("4");
  });

  it("a chunked PATCH (no Content-Length) is counted: beyond the length it changes nothing", async () => {
    const url = await start(6);
    const chunked = { "transfer-encoding": "chunked" };
    expect((await patch(url, "0", "abcd", chunked)).status).toBe(204);
    const res = await patch(url, "4", "efghij", chunked);
    expectSafe(target, res, "chunked beyond");
    expect(res.status).toBe(400);
    expect(await offsetOf(url)).toBe("4");
    expect((await patch(url, "4", "ef", chunked)).status).toBe(204);
  });

  it("a Content-Length beside Transfer-Encoding is refused before any byte is written", async () => {
    const url = await start(6);
    const res = await patch(url, "0", "abcdefghij", {
      "transfer-encoding": "chunked",
      "content-length": "4",
    });
    expect(res.status).toBe(400);
    expect(await offsetOf(url)).toBe("0");
  });

  it("a PATCH cannot change the declared length", async () => {
    const url = await start(6);
    const res = await patch(url, "0", "abcd", { "upload-length": "1000000" });
    expectSafe(target, res, "length change");
    expect(res.status).toBe(400);
  });

  for (const length of ["-1", "abc", "1e30", "99999999999999999999999", "1.5", "0x10"]) {
    it(`Upload-Length ${length} is refused`, async () => {
      const res = await target.as("ada", `/api/tus/len-${n++}.bin`, {
        method: "POST",
        headers: { "upload-length": length },
      });
      expectSafe(target, res, length);
      expect(res.status).toBe(400);
    });
  }

  it("a 2 MiB chunk for a 10-byte upload is refused and the upload keeps its bytes", async () => {
    const url = await start(10);
    const res = await patch(url, "0", "x".repeat(2 * 1024 * 1024));
    expectSafe(target, res, "huge chunk");
    expect(res.status).toBe(400);
    expect(await offsetOf(url)).toBe("0");
  });
});

describe("content types", () => {
  for (const type of ["application/octet-stream", "text/plain", "application/json", ""]) {
    it(`PATCH with Content-Type "${type}" is 415`, async () => {
      const url = await start();
      const opts: SendOptions = {
        method: "PATCH",
        headers: { "upload-offset": "0", ...(type ? { "content-type": type } : {}) },
        body: "abcd",
      };
      const res = await target.as("ada", url, opts);
      expectSafe(target, res, type);
      expect(res.status).toBe(415);
      expect(await offsetOf(url)).toBe("0");
    });
  }
});

describe("someone else's upload", () => {
  it("another user of the same folder can neither read, write nor cancel it", async () => {
    const url = await start(8);
    expect((await patch(url, "0", "abcd")).status).toBe(204);
    const head = await target.as("mate", url, { method: "HEAD" });
    expectSafe(target, head, "head");
    expect(head.status).toBe(404);
    for (const offset of ["0", "4"]) {
      const res = await patch(url, offset, "EVIL", {}, "mate");
      expectSafe(target, res, `mate patch ${offset}`);
      expect(res.status).toBe(404);
    }
    const cancel = await target.as("mate", url, { method: "DELETE" });
    expectSafe(target, cancel, "cancel");
    expect(cancel.status).toBe(404);
    expect(await offsetOf(url)).toBe("4");
    expect((await patch(url, "4", "efgh")).status).toBe(204);
    const done = await target.as("ada", `/api/raw${url.slice("/api/tus".length)}`);
    expect(done.body.toString()).toBe("abcdefgh");
  });

  // Found by this suite: a POST restarted the upload at that path whoever sent it, so a user
  // sharing the folder could cancel another user's upload in progress (now 423).
  it("a POST by another user does not cancel a running upload", async () => {
    const url = await start(8);
    expect((await patch(url, "0", "abcd")).status).toBe(204);
    const res = await target.as("mate", url, { method: "POST", headers: { "upload-length": "8" } });
    expectSafe(target, res, "takeover");
    expect([403, 409, 423]).toContain(res.status);
    expect(await offsetOf(url)).toBe("4");
    expect((await patch(url, "4", "efgh")).status).toBe(204);
  });
});

describe("targets", () => {
  for (const [name, url] of [
    ["the scope root", "/api/tus/"],
    ["a folder", "/api/tus/pub"],
    ["a trailing slash", "/api/tus/new-folder/"],
    ["an existing file without override", "/api/tus/doc.tex"],
  ] as const) {
    it(`POST to ${name}`, async () => {
      const res = await target.as("ada", url, {
        method: "POST",
        headers: { "upload-length": "3" },
      });
      expectSafe(target, res, name);
      expect(res.status).toBeGreaterThanOrEqual(400);
    });
  }

  it("no partial file appears under its final name", async () => {
    const url = await start(10);
    expect((await patch(url, "0", "abcd")).status).toBe(204);
    const name = url.split("/").pop()!;
    expect(await readdir(target.ada)).not.toContain(name);
    const listing = await target.as("ada", "/api/resources/");
    expect(listing.body.toString()).not.toContain(name);
    expect(listing.body.toString()).not.toContain("scriptorium-tmp");
  });
});
