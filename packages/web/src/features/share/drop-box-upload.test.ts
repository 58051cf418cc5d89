import type { HttpRequest, HttpResponse, HttpStack } from "tus-js-client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dropBoxUpload } from "./drop-box-upload";
import { failureState } from "./use-drop-box";

const fetchMock = vi.fn<typeof fetch>();

/** Requests tus-js-client sends after our POST: HEAD, then PATCHes, answered in memory. */
class Box implements HttpStack {
  offset = 0;
  seen: { method: string; url: string; headers: Record<string, string> }[] = [];
  getName = () => "box";
  createRequest(method: string, url: string): HttpRequest {
    const headers: Record<string, string> = {};
    return {
      getMethod: () => method,
      getURL: () => url,
      setHeader: (name, value) => void (headers[name] = value),
      getHeader: (name) => headers[name],
      setProgressHandler: () => undefined,
      send: (body: Blob | null) => {
        this.seen.push({ method, url, headers: { ...headers } });
        if (method === "PATCH") this.offset += body?.size ?? 0;
        return Promise.resolve(reply(method === "HEAD" ? 200 : 204, this.offset));
      },
      abort: () => Promise.resolve(),
      getUnderlyingObject: () => null,
    };
  }
}

const reply = (status: number, offset: number): HttpResponse => ({
  getStatus: () => status,
  getHeader: (name) =>
    name === "Upload-Offset" ? String(offset) : name === "Upload-Length" ? "-1" : undefined,
  getBody: () => "",
  getUnderlyingObject: () => null,
});

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  window.FileBrowser = {
    TusSettings: { chunkSize: 4, retryCount: 0 },
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("dropBoxUpload", () => {
  it("declares length and visitor in its POST, then sends chunks with the password", async () => {
    fetchMock.mockResolvedValue(new Response("201 Created", { status: 201 }));
    const box = new Box();
    const file = new Blob(["0123456789"]);
    const sent: number[] = [];
    const upload = dropBoxUpload(
      { hash: "b0x", file, name: "scan #1.tif", password: "p w", uploader: "Giulia R." },
      (n) => sent.push(n),
      { httpStack: box },
    );
    await upload.done;

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/public/tus/b0x/scan%20%231.tif");
    expect(init?.method).toBe("POST");
    expect(init?.credentials).toBe("omit");
    expect(init?.headers).toMatchObject({
      "X-SHARE-PASSWORD": "p%20w",
      "Upload-Length": "10",
      "Upload-Metadata": `uploader ${btoa("Giulia R.")}`,
    });
    expect(box.seen.map((r) => r.method)).toEqual(["HEAD", "PATCH", "PATCH", "PATCH"]);
    for (const request of box.seen) {
      expect(request.url).toBe("/api/public/tus/b0x/scan%20%231.tif");
      expect(request.headers["X-SHARE-PASSWORD"]).toBe("p%20w");
      expect(request.headers["X-Auth"]).toBeUndefined();
    }
    expect(box.offset).toBe(10);
    expect(sent.at(-1)).toBe(10);
  });

  it("fails with the server's status when the box refuses the name", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ status: 409, code: "ALREADY_EXISTS", message: "exists" }), {
        status: 409,
        headers: { "Content-Type": "application/json" },
      }),
    );
    const box = new Box();
    const upload = dropBoxUpload({ hash: "b0x", file: new Blob(["x"]), name: "a" }, () => {}, {
      httpStack: box,
    });
    const failure = await upload.done.catch((err: unknown) => err);
    expect(failureState(failure).state).toBe("exists");
    expect(box.seen).toEqual([]);
  });
});
