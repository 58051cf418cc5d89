/** File Browser's file calls on /api/resources (API.md Part B §2, §14). */
import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { claimsOf, encodePath, errorBody, startCompat, type Compat } from "./fb-client.js";

let c: Compat;
beforeEach(async () => {
  c = await startCompat();
  await mkdir(path.join(c.scope, "docs", "sub"), { recursive: true });
  await writeFile(path.join(c.scope, "docs", "notes.txt"), "ciao\n");
  await writeFile(path.join(c.scope, "docs", "a, b #1 100%.txt"), "odd name");
});
afterEach(() => c.t.close());

interface Item {
  path: string;
  name: string;
  size: number;
  extension: string;
  modified: string;
  mode: number;
  isDir: boolean;
  isSymlink: boolean;
  type: string;
}
interface Listing extends Item {
  items: Item[];
  numDirs: number;
  numFiles: number;
  sorting: { by: string; asc: boolean };
}

/** The client's "Data Mismatch" test: the echoed path, trailing `/` stripped, equals the route's. */
const sameRoute = (echoed: string, requested: string) =>
  echoed.replace(/\/+$/, "") === requested.replace(/\/+$/, "");

describe("GET listing and file (§2.2)", () => {
  it("lists a folder with every field the client reads", async () => {
    const res = await c.api("/api/resources/docs/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await res.json()) as Listing;
    expect(body).toMatchObject({
      path: "/docs/",
      name: "docs",
      isDir: true,
      isSymlink: false,
      type: "",
      numDirs: 1,
      numFiles: 2,
      sorting: { by: expect.any(String) as string, asc: expect.any(Boolean) as boolean },
    });
    // Go FileMode bits: dir = 1 << 31 plus the permission bits (§2.2).
    expect(body.mode & (2 ** 31) ? true : false).toBe(true);
    expect(body.modified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
    // Folders first (§2.5).
    expect(body.items.map((i) => i.name)).toEqual(["sub", "a, b #1 100%.txt", "notes.txt"]);
    const notes = body.items.find((i) => i.name === "notes.txt");
    expect(notes).toMatchObject({
      path: "/docs/notes.txt",
      size: 5,
      extension: ".txt",
      isDir: false,
      isSymlink: false,
      type: "text",
    });
    expect(notes).not.toHaveProperty("content");
    expect(notes).not.toHaveProperty("items");
    expect((notes?.mode ?? 0) & 0o777).toBeGreaterThan(0);
  });

  it("echoes the requested path, so the client shows no Data Mismatch (§2.2, Part A §1)", async () => {
    for (const route of ["/docs", "/docs/", "/docs/sub/", "/", "/docs/a, b #1 100%.txt"]) {
      const res = await c.api(`/api/resources${encodePath(route)}`);
      expect(res.status, route).toBe(200);
      const body = (await res.json()) as Item;
      expect(sameRoute(body.path, route), `${route} → ${body.path}`).toBe(true);
    }
  });

  it("gives a text file's content, and checksums on request", async () => {
    const file = (await (await c.api("/api/resources/docs/notes.txt")).json()) as Item & {
      content?: string;
    };
    expect(file).toMatchObject({ name: "notes.txt", type: "text", content: "ciao\n" });
    const sums = (await (await c.api("/api/resources/docs/notes.txt?checksum=sha256")).json()) as {
      checksums?: Record<string, string>;
    };
    expect(sums.checksums?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await c.api("/api/resources/docs/notes.txt?checksum=crc7")).status).toBe(400);
  });

  it("answers a missing path with 404 and a JSON error body", async () => {
    const res = await c.api("/api/resources/docs/nothing-here");
    expect(res.status).toBe(404);
    await errorBody(res);
  });
});

describe("hidden files (§2.1, §2.13)", () => {
  it("omits dot files from listings and refuses them directly for hideDotfiles users", async () => {
    await writeFile(path.join(c.scope, "docs", ".secret"), "x");
    const id = (claimsOf(c.token).user as { id: number }).id;
    const put = await c.api(`/api/users/${id}`, {
      method: "PUT",
      body: JSON.stringify({
        what: "user",
        which: ["hideDotfiles"],
        data: { id, hideDotfiles: true },
      }),
    });
    expect(put.status).toBe(200);
    const listing = (await (await c.api("/api/resources/docs/")).json()) as Listing;
    expect(listing.items.map((i) => i.name)).not.toContain(".secret");
    expect(listing.numFiles).toBe(2);
    expect((await c.api("/api/resources/docs/.secret")).status).toBe(403);
  });
});

describe("POST, PUT, DELETE (§2.6–§2.8)", () => {
  it("creates a folder with a trailing slash, again without conflict", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await c.api("/api/resources/docs/new%20folder/", { method: "POST" });
      expect(res.status).toBe(200);
    }
    expect(await readdir(path.join(c.scope, "docs"))).toContain("new folder");
  });

  it("creates a file from the body, 409 on an existing one unless override=true", async () => {
    const url = `/api/resources${encodePath("/docs/new file.md")}`;
    expect((await c.api(`${url}?override=false`, { method: "POST", body: "" })).status).toBe(200);
    const again = await c.api(`${url}?override=false`, { method: "POST", body: "x" });
    expect(again.status).toBe(409);
    await errorBody(again);
    const over = await c.api(`${url}?override=true`, { method: "POST", body: "# title" });
    expect(over.status).toBe(200);
    expect(await readFile(path.join(c.scope, "docs", "new file.md"), "utf8")).toBe("# title");
  });

  it("saves the editor's text/plain body with PUT; 404 for a missing file", async () => {
    const res = await c.api("/api/resources/docs/notes.txt", {
      method: "PUT",
      body: '{"not": "json to parse"} è',
    });
    expect(res.status).toBe(200);
    expect(await readFile(path.join(c.scope, "docs", "notes.txt"), "utf8")).toBe(
      '{"not": "json to parse"} è',
    );
    expect((await c.api("/api/resources/docs/none.txt", { method: "PUT", body: "x" })).status).toBe(
      404,
    );
  });

  it("deletes with 204", async () => {
    const res = await c.api("/api/resources/docs/sub", { method: "DELETE" });
    expect(res.status).toBe(204);
    expect(await readdir(path.join(c.scope, "docs"))).not.toContain("sub");
  });
});

describe("PATCH copy and rename (§2.9)", () => {
  /** The client double-encodes: encodeURIComponent of a path of encoded segments. */
  const dest = (p: string) => encodeURIComponent(encodePath(p));

  it("moves with a double-encoded destination, 409 when it exists", async () => {
    const url = `/api/resources${encodePath("/docs/a, b #1 100%.txt")}`;
    const moved = await c.api(
      `${url}?action=rename&destination=${dest("/docs/sub/c + d #2.txt")}&override=false&rename=false`,
      { method: "PATCH" },
    );
    expect(moved.status).toBe(200);
    expect(await readdir(path.join(c.scope, "docs", "sub"))).toEqual(["c + d #2.txt"]);
    const clash = await c.api(
      `/api/resources/docs/notes.txt?action=rename&destination=${dest("/docs/sub/c + d #2.txt")}&override=false&rename=false`,
      { method: "PATCH" },
    );
    expect(clash.status).toBe(409);
    await errorBody(clash);
  });

  it("copies into the same folder with rename=true under a free name", async () => {
    const res = await c.api(
      `/api/resources/docs/notes.txt?action=copy&destination=${dest("/docs/notes.txt")}&override=false&rename=true`,
      { method: "PATCH" },
    );
    expect(res.status).toBe(200);
    expect(await readdir(path.join(c.scope, "docs"))).toContain("notes(1).txt");
  });

  it("refuses a destination inside the source with 400", async () => {
    const res = await c.api(
      `/api/resources/docs?action=copy&destination=${dest("/docs/sub/docs")}&override=false&rename=false`,
      { method: "PATCH" },
    );
    expect(res.status).toBe(400);
    await errorBody(res);
  });
});
