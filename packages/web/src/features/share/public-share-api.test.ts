import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setAuthHandlers } from "../../api/client";
import { isStatusError } from "../../api/errors";
import { fetchPublicShare, shareUrls } from "./public-share-api";
import { parseShareLocation, shareFolderRoute } from "./share-location";
import { uploadMetadata } from "./drop-box-upload";
import { failureState } from "./use-drop-box";
import { StatusError } from "../../api/errors";

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal("fetch", fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("share page URLs", () => {
  const urls = shareUrls("h4sh", "tok/en+=");

  it("download and preview a file with the token last", () => {
    expect(urls.download()).toBe("/api/public/dl/h4sh?token=tok%2Fen%2B%3D");
    expect(urls.download("/Libro I/c 1.png")).toBe(
      "/api/public/dl/h4sh/Libro%20I/c%201.png?token=tok%2Fen%2B%3D",
    );
    expect(urls.inline("/a.png")).toBe(
      "/api/public/dl/h4sh/a.png?inline=true&token=tok%2Fen%2B%3D",
    );
  });

  it("open a file inline with the path before the query", () => {
    expect(urls.open()).toBe("/api/public-inline/dl/h4sh/index.html?token=tok%2Fen%2B%3D");
    expect(shareUrls("h4sh", undefined).open()).toBe("/api/public-inline/dl/h4sh/index.html");
    expect(urls.open("/sub/p.html")).toBe(
      "/api/public-inline/dl/h4sh/sub/p.html?token=tok%2Fen%2B%3D",
    );
  });

  it("archive a selection with each name encoded, the list encoded again", () => {
    const url = shareUrls("h4sh", undefined).archive(
      "/Libro I/",
      ["nota, breve.txt", "c1r.png"],
      "zip",
    );
    expect(url).toBe(
      "/api/public/dl/h4sh/Libro%20I/?files=nota%252C%2520breve.txt%2Cc1r.png&algo=zip",
    );
    // What the server reads: split at commas, then each name decoded once more.
    const files = new URL(url, "http://x").searchParams.get("files") ?? "";
    expect(files.split(",").map(decodeURIComponent)).toEqual(["nota, breve.txt", "c1r.png"]);
    expect(urls.archive("/", ["a"], "tarxz")).toBe(
      "/api/public/dl/h4sh/?files=a&algo=tarxz&token=tok%2Fen%2B%3D",
    );
  });

  it("read and build the page's own addresses", () => {
    expect(parseShareLocation("/share/h4sh")).toEqual({ hash: "h4sh", path: "/" });
    expect(parseShareLocation("/share/h4sh/Libro%20I/")).toEqual({
      hash: "h4sh",
      path: "/Libro I/",
    });
    expect(shareFolderRoute("h4sh", "/Libro I")).toBe("/share/h4sh/Libro%20I/");
    expect(shareFolderRoute("h4sh", "/")).toBe("/share/h4sh/");
  });
});

describe("fetchPublicShare", () => {
  it("sends the password percent-encoded, no cookie, and never ends a session on 401", async () => {
    const unauthorized = vi.fn();
    setAuthHandlers({ getToken: () => "jwt", renew: () => Promise.resolve(), unauthorized });
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ status: 401, code: "UNAUTHORIZED", message: "wrong" }), {
        status: 401,
        headers: { "Content-Type": "application/json" },
      }),
    );
    const failure = await fetchPublicShare("h4sh", "/sub dir/", "à b&c").catch((e: unknown) => e);
    expect(isStatusError(failure, 401)).toBe(true);
    expect(unauthorized).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/public/share/h4sh/sub%20dir/");
    expect(init?.credentials).toBe("omit");
    expect(init?.headers).toEqual({ "X-SHARE-PASSWORD": "%C3%A0%20b%26c" });
    expect(JSON.stringify(init?.headers)).not.toContain("X-Auth");
  });
});

describe("drop boxes", () => {
  it("put the visitor's name in Upload-Metadata as base64 of UTF-8", () => {
    expect(uploadMetadata({ uploader: "Giulia R." })).toBe(`uploader ${btoa("Giulia R.")}`);
    expect(atob(uploadMetadata({ uploader: "Nicolò" }).split(" ")[1] ?? "")).toBe(
      "Nicol\u00c3\u00b2",
    );
    expect(uploadMetadata({ uploader: undefined })).toBe("");
  });

  it("tell a name taken, a file too large and a full box apart", () => {
    expect(failureState(new StatusError("exists", 409)).state).toBe("exists");
    expect(failureState(new StatusError("big", 413)).state).toBe("tooLarge");
    expect(failureState(new StatusError("full", 403, { code: "DROP_BOX_FULL" })).state).toBe(
      "full",
    );
    expect(failureState(new StatusError("gone", 403))).toEqual({
      state: "failed",
      message: "gone",
    });
    expect(failureState(new DOMException("x", "AbortError")).state).toBe("cancelled");
  });
});
