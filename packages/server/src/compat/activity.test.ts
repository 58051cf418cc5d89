/**
 * What File Browser's own web client does (save, upload with tus-js-client in both dialects,
 * rename, delete) is written in the activity log, with File Browser's odd names intact.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { Upload } from "tus-js-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ActivityEntry } from "@scriptorium/shared";
import { encodePath, startCompat, type Compat } from "./fb-client.js";

let c: Compat;
beforeEach(async () => {
  c = await startCompat();
  await mkdir(path.join(c.scope, "docs"), { recursive: true });
  await writeFile(path.join(c.scope, "docs", "a, b #1 100%.txt"), "odd name");
});
afterEach(() => c.t.close());

const activity = async (p = "/") =>
  ((await (await c.api(`/api/activity${encodePath(p)}`)).json()) as ActivityEntry[]).map((e) => [
    e.action,
    e.path,
    e.to ?? "",
    e.user,
  ]);

/** File Browser's upload: its own POST (with or without Upload-Length), then tus-js-client. */
async function upload(p: string, data: Buffer, withLength: boolean): Promise<void> {
  const url = `/api/tus${encodePath(p)}?override=false`;
  const headers: Record<string, string> = withLength
    ? { "Upload-Length": String(data.length) }
    : {};
  expect((await c.api(url, { method: "POST", headers })).status).toBe(201);
  await new Promise<void>((resolve, reject) => {
    new Upload(data, {
      uploadUrl: c.base + url,
      chunkSize: 1024 * 1024,
      parallelUploads: 1,
      storeFingerprintForResuming: false,
      headers: { "X-Auth": c.token },
      retryDelays: [0],
      onSuccess: () => resolve(),
      onError: reject,
    }).start();
  });
}

describe("File Browser's client, in the activity", () => {
  it("a save (PUT, text/plain), two uploads, a rename and a delete", async () => {
    const saved = await c.api(`/api/resources${encodePath("/docs/a, b #1 100%.txt")}`, {
      method: "PUT",
      body: "edited in the editor",
    });
    expect(saved.status).toBe(200);
    await upload("/docs/scan one.txt", Buffer.from("a scan"), false);
    await upload("/docs/scan two.txt", Buffer.from("another scan"), true);
    const dest = encodeURIComponent(encodePath("/docs/c + d #2.txt"));
    const renamed = await c.api(
      `/api/resources${encodePath("/docs/scan one.txt")}?action=rename&destination=${dest}&override=false&rename=false`,
      { method: "PATCH" },
    );
    expect(renamed.status).toBe(200);
    expect(
      (await c.api("/api/resources/docs/c%20%2B%20d%20%232.txt", { method: "DELETE" })).status,
    ).toBe(204);

    // The 2.31 upload ends at its short chunk; its line may come a moment later.
    await expect.poll(async () => (await activity("/docs")).length).toBe(5);
    expect(await activity("/docs")).toEqual([
      ["delete", "/docs/c + d #2.txt", "", "ada"],
      ["rename", "/docs/scan one.txt", "/docs/c + d #2.txt", "ada"],
      ["upload", "/docs/scan two.txt", "", "ada"],
      ["upload", "/docs/scan one.txt", "", "ada"],
      ["edit", "/docs/a, b #1 100%.txt", "", "ada"],
    ]);
  });
});
