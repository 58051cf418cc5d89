/**
 * File Browser's clients overwrite as before (API.md §2.6–§2.9, §6) and every overwrite keeps the
 * previous content as a version (issue 29; File Browser keeps none: ours, Part A).
 */
import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Version } from "@scriptorium/shared";
import { Upload } from "tus-js-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { encodePath, startCompat, type Compat } from "./fb-client.js";

const CHUNK = 64 * 1024;

let c: Compat;
beforeEach(async () => {
  c = await startCompat((s) => (s.tus.chunkSize = CHUNK));
  await writeFile(path.join(c.scope, "cap 1 #a.tex"), "\\Unit prima");
});
afterEach(() => c.t.close());

const FILE = encodePath("/cap 1 #a.tex");

async function versions(): Promise<string[]> {
  const res = await c.api(`/api/history${FILE}`);
  expect(res.status).toBe(200);
  const out: string[] = [];
  for (const v of (await res.json()) as Version[])
    out.push(await (await c.api(`/api/history${FILE}?version=${v.id}`)).text());
  return out;
}

/** tus-js-client as File Browser's upload list drives it, on the URL the client POSTed. */
async function tusUpload(data: Buffer, withLength: boolean): Promise<void> {
  const url = `/api/tus${FILE}?override=true`;
  const headers: Record<string, string> = withLength
    ? { "Upload-Length": String(data.length) }
    : {};
  const created = await c.api(url, { method: "POST", headers });
  expect(created.status).toBe(201);
  await created.text();
  await new Promise<void>((resolve, reject) => {
    new Upload(data, {
      uploadUrl: c.base + url,
      chunkSize: CHUNK,
      parallelUploads: 1,
      storeFingerprintForResuming: false,
      headers: { "X-Auth": c.token },
      retryDelays: [],
      onSuccess: () => resolve(),
      onError: reject,
    }).start();
  });
}

describe("overwrites as File Browser's clients send them keep versions", () => {
  it("the editor's PUT (text/plain body, §2.7)", async () => {
    const res = await c.api(`/api/resources${FILE}`, { method: "PUT", body: "\\Unit secunda" });
    expect(res.status).toBe(200);
    expect(await versions()).toEqual(["\\Unit prima"]);
  });

  it("POST with override=true (§2.6)", async () => {
    const res = await c.api(`/api/resources${FILE}?override=true`, { method: "POST", body: "x" });
    expect(res.status).toBe(200);
    expect(await versions()).toEqual(["\\Unit prima"]);
  });

  it("a tus upload that replaces, 2.31's dialect without Upload-Length (§6.1)", async () => {
    const data = randomBytes(2 * CHUNK + 10);
    await tusUpload(data, false);
    expect((await readFile(path.join(c.scope, "cap 1 #a.tex"))).equals(data)).toBe(true);
    expect(await versions()).toEqual(["\\Unit prima"]);
  });

  it("a tus upload that replaces, with Upload-Length (§6.2)", async () => {
    await tusUpload(Buffer.from("\\Unit tertia"), true);
    expect(await versions()).toEqual(["\\Unit prima"]);
  });

  it("PATCH rename with override=true: the replaced file is a version, not a trash item", async () => {
    await writeFile(path.join(c.scope, "new.tex"), "new");
    const dest = encodeURIComponent(FILE);
    const res = await c.api(
      `/api/resources/new.tex?action=rename&destination=${dest}&override=true&rename=false`,
      { method: "PATCH" },
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("200 OK");
    expect(await versions()).toEqual(["\\Unit prima"]);
    expect(await (await c.api("/api/trash")).json()).toEqual([]);
  });
});
