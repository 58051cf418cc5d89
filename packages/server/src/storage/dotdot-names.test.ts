import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Resource } from "@scriptorium/shared";
import { createTestApp, type TestContext } from "../test/helpers.js";

let t: TestContext;
let token: string;

beforeEach(async () => {
  t = await createTestApp();
  await t.createUser({ username: "ada", password: "ada-password-12", fields: { scope: "/ada" } });
  const scope = path.join(t.root, "ada");
  await mkdir(path.join(scope, "..drafts"), { recursive: true });
  await writeFile(path.join(scope, "..notes.txt"), "two dots, one name");
  await writeFile(path.join(scope, "..drafts", "a.tex"), "\\Unit");
  token = await t.login("ada", "ada-password-12");
});
afterEach(() => t.close());

const get = (url: string) => t.app.inject({ method: "GET", url, headers: { "x-auth": token } });

describe("names that start with two dots are ordinary names (API.md Part A §1)", () => {
  it("lists, opens and downloads ..notes.txt and reads inside ..drafts", async () => {
    const listing = await get("/api/resources/");
    expect(listing.statusCode).toBe(200);
    const names = listing.json<Resource>().items?.map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining(["..notes.txt", "..drafts"]));

    const info = await get("/api/resources/..notes.txt");
    expect(info.statusCode).toBe(200);
    expect(info.json<Resource>().content).toBe("two dots, one name");

    const raw = await get("/api/raw/..notes.txt");
    expect(raw.statusCode).toBe(200);
    expect(raw.body).toBe("two dots, one name");

    const nested = await get("/api/raw/..drafts/a.tex");
    expect(nested.statusCode).toBe(200);
    expect(nested.body).toBe("\\Unit");
  });

  it("still refuses a real climb out of the scope", async () => {
    await writeFile(path.join(t.root, "outside.txt"), "not yours");
    for (const url of [
      "/api/raw/..%2Foutside.txt",
      "/api/raw/..%2F..notes.txt/..%2F..%2Foutside.txt",
    ]) {
      const res = await get(url);
      expect(res.body, url).not.toContain("not yours");
    }
  });
});
