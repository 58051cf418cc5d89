import { afterEach, describe, expect, it } from "vitest";
import { takeEarlyResource } from "./prefetch";

const listing = { path: "/Carteggio/", name: "Carteggio", isDir: true, items: [] };

function early(path: string, response: Response | Promise<Response>, at = Date.now()) {
  window.__scriptoriumPrefetch = { path, at, response: Promise.resolve(response) };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });

afterEach(() => {
  window.__scriptoriumPrefetch = undefined;
});

describe("the page's early request", () => {
  it("gives its answer to the first ask for its own path, once", async () => {
    early("/Carteggio/", json(listing));
    expect(await takeEarlyResource("/Carteggio/")).toEqual(listing);
    expect(await takeEarlyResource("/Carteggio/")).toBeUndefined();
  });

  it("is not used for another path, and stays for its own", async () => {
    early("/Carteggio/", json(listing));
    expect(await takeEarlyResource("/Other/")).toBeUndefined();
    expect(await takeEarlyResource("/Carteggio/")).toEqual(listing);
  });

  it("leaves failures, old answers and lost connections to the usual request", async () => {
    early("/Carteggio/", json({ status: 401, code: "UNAUTHORIZED", message: "x" }, 401));
    expect(await takeEarlyResource("/Carteggio/")).toBeUndefined();
    early("/Carteggio/", json(listing), Date.now() - 60_000);
    expect(await takeEarlyResource("/Carteggio/")).toBeUndefined();
    window.__scriptoriumPrefetch = {
      path: "/Carteggio/",
      at: Date.now(),
      response: Promise.reject(new TypeError("Failed to fetch")),
    };
    expect(await takeEarlyResource("/Carteggio/")).toBeUndefined();
  });
});
