/** File Browser's web client deletes as before, and what it deletes lands in the trash. */
import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { TrashItem } from "@scriptorium/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { encodePath, startCompat, type Compat } from "./fb-client.js";

let c: Compat;
beforeEach(async () => {
  c = await startCompat();
  await mkdir(path.join(c.scope, "docs", "sub"), { recursive: true });
  await writeFile(path.join(c.scope, "docs", "sub", "in.txt"), "inside");
  await writeFile(path.join(c.scope, "docs", "a, b #1 100%.txt"), "odd name");
});
afterEach(() => c.t.close());

const trash = async () => (await c.api("/api/trash")).json() as Promise<TrashItem[]>;

describe("DELETE /api/resources as File Browser's client sends it", () => {
  it("a folder (its URL ends with /): 204, empty body, and it is in the trash", async () => {
    const res = await c.api("/api/resources/docs/sub/", { method: "DELETE" });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect(await readdir(path.join(c.scope, "docs"))).not.toContain("sub");
    expect((await trash()).map((i) => [i.path, i.isDir])).toEqual([["/docs/sub", true]]);
  });

  it("a file with an encoded odd name, restored with the same bytes", async () => {
    const res = await c.api(`/api/resources${encodePath("/docs/a, b #1 100%.txt")}`, {
      method: "DELETE",
    });
    expect(res.status).toBe(204);
    const [item] = await trash();
    expect(item).toMatchObject({ path: "/docs/a, b #1 100%.txt", name: "a, b #1 100%.txt" });
    const back = await c.api(`/api/trash/${item!.id}/restore`, { method: "POST" });
    expect(await back.json()).toEqual({ path: "/docs/a, b #1 100%.txt" });
    expect(await readFile(path.join(c.scope, "docs", "a, b #1 100%.txt"), "utf8")).toBe("odd name");
  });

  it("a missing path is still 404", async () => {
    expect((await c.api("/api/resources/docs/none.txt", { method: "DELETE" })).status).toBe(404);
    expect(await trash()).toEqual([]);
  });

  it("PATCH rename with override=true: a replaced file by a folder is in the trash", async () => {
    // (A file replacing a file makes it a version instead: history.test.ts.)
    await mkdir(path.join(c.scope, "docs", "new.txt"));
    const dest = encodeURIComponent(encodePath("/docs/a, b #1 100%.txt"));
    const res = await c.api(
      `/api/resources/docs/new.txt?action=rename&destination=${dest}&override=true&rename=false`,
      { method: "PATCH" },
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("200 OK");
    const [item] = await trash();
    expect(item).toMatchObject({ path: "/docs/a, b #1 100%.txt", size: 8, isDir: false });
  });
});
