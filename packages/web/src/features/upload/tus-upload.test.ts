import type { HttpRequest, HttpResponse, HttpStack } from "tus-js-client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiCall } from "../../api/client";
import type * as ClientModule from "../../api/client";
import { StatusError } from "../../api/errors";
import { useAuthStore } from "../../state/auth-store";
import { NO_TUS_SETTINGS } from "../../api/tus-client";
import { tusUpload, tusUrl } from "./tus-upload";
import type { UploadJob } from "../../api/upload-types";

vi.mock("../../api/client", async (importOriginal) => ({
  ...(await importOriginal<typeof ClientModule>()),
  apiCall: vi.fn(),
  reportUnauthorized: vi.fn(),
  requestTokenRenewal: vi.fn(() => Promise.resolve()),
}));

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  size: number;
}

/** The server's tus subset (API.md §6), in memory, behind tus-js-client's HTTP layer. */
class FakeTusServer implements HttpStack {
  offset = 0;
  seen: Seen[] = [];
  /** Status codes to answer the next PATCH requests with instead of accepting them. */
  failPatches: number[] = [];
  constructor(readonly length: number) {}

  getName() {
    return "fake";
  }

  createRequest(method: string, url: string): HttpRequest {
    const headers: Record<string, string> = {};
    const request: HttpRequest = {
      getMethod: () => method,
      getURL: () => url,
      setHeader: (name, value) => {
        headers[name] = value;
      },
      getHeader: (name) => headers[name],
      setProgressHandler: () => undefined,
      send: (body: Blob | null) => {
        this.seen.push({ method, url, headers: { ...headers }, size: body?.size ?? 0 });
        return Promise.resolve(this.answer(method, headers, body));
      },
      abort: () => Promise.resolve(),
      getUnderlyingObject: () => null,
    };
    return request;
  }

  private answer(method: string, headers: Record<string, string>, body: Blob | null) {
    if (method === "HEAD") {
      return response(200, { "Upload-Offset": this.offset, "Upload-Length": this.length });
    }
    if (method === "DELETE") return response(204);
    const failure = this.failPatches.shift();
    if (failure) {
      const message = JSON.stringify({ status: failure, code: "FORBIDDEN", message: "No way" });
      return response(failure, {}, message);
    }
    if (Number(headers["Upload-Offset"]) !== this.offset) return response(409);
    this.offset += body?.size ?? 0;
    return response(204, { "Upload-Offset": this.offset });
  }
}

function response(status: number, headers: Record<string, number> = {}, body = ""): HttpResponse {
  return {
    getStatus: () => status,
    getHeader: (name) => (name in headers ? String(headers[name]) : undefined),
    getBody: () => body,
    getUnderlyingObject: () => null,
  };
}

function job(size: number, overwrite = false): UploadJob {
  return {
    id: 1,
    path: "/Opere/scan #1.tif",
    name: "scan #1.tif",
    file: new Blob([new Uint8Array(size)]),
    overwrite,
    type: "file",
    size,
    sent: 0,
    state: "active",
  };
}

beforeEach(() => {
  window.FileBrowser = { TusSettings: { chunkSize: 4, retryCount: 3 } };
  useAuthStore.setState({ jwt: "token-1" });
  vi.mocked(apiCall).mockResolvedValue("201 Created");
});

afterEach(() => {
  vi.clearAllMocks();
});

describe("tusUpload", () => {
  it("POSTs with Upload-Length, then HEADs and PATCHes chunks on the same URL", async () => {
    const server = new FakeTusServer(10);
    const progress = vi.fn();
    const { done } = tusUpload(job(10, true), progress, { httpStack: server });
    await done;

    expect(apiCall).toHaveBeenCalledWith("tusCreate", {
      path: "/Opere/scan #1.tif",
      query: { override: "true" },
      headers: { "Upload-Length": "10" },
    });
    const url = "/api/tus/Opere/scan%20%231.tif?override=true";
    expect(tusUrl("/Opere/scan #1.tif", true)).toBe(url);
    expect(server.seen.map((r) => [r.method, r.url, r.size])).toEqual([
      ["HEAD", url, 0],
      ["PATCH", url, 4],
      ["PATCH", url, 4],
      ["PATCH", url, 2],
    ]);
    expect(server.seen[1]?.headers["Content-Type"]).toBe("application/offset+octet-stream");
    expect(server.offset).toBe(10);
    expect(progress).toHaveBeenLastCalledWith(10);
  });

  it("sends the token current at each request (a renewal mid-upload)", async () => {
    const server = new FakeTusServer(8);
    const stack: HttpStack = {
      getName: () => "renewing",
      createRequest: (method, url) => {
        // The session is renewed while the first chunk travels.
        if (method === "PATCH" && server.offset === 4) useAuthStore.setState({ jwt: "token-2" });
        return server.createRequest(method, url);
      },
    };
    await tusUpload(job(8), vi.fn(), { httpStack: stack }).done;
    expect(server.seen.map((r) => r.headers["X-Auth"])).toEqual(["token-1", "token-1", "token-2"]);
  });

  it("retries a failed chunk after asking the offset again", async () => {
    const server = new FakeTusServer(6);
    server.failPatches = [500];
    await tusUpload(job(6), vi.fn(), { httpStack: server }).done;
    expect(server.seen.map((r) => r.method)).toEqual(["HEAD", "PATCH", "HEAD", "PATCH", "PATCH"]);
    expect(server.offset).toBe(6);
  });

  it("does not retry a 4xx and reports the server's message", async () => {
    const server = new FakeTusServer(6);
    server.failPatches = [403];
    await expect(tusUpload(job(6), vi.fn(), { httpStack: server }).done).rejects.toThrow(
      "Upload failed: No way",
    );
  });

  it("reports a refused creation with its status", async () => {
    vi.mocked(apiCall).mockRejectedValueOnce(new StatusError("A file with this name exists", 409));
    await expect(tusUpload(job(6), vi.fn()).done).rejects.toThrow(
      "Failed to create an upload: 409 A file with this name exists",
    );
  });

  it("fails without chunk settings", async () => {
    window.FileBrowser = {};
    await expect(tusUpload(job(6), vi.fn()).done).rejects.toThrow(NO_TUS_SETTINGS);
    expect(apiCall).not.toHaveBeenCalled();
  });

  it("terminates the upload on the server when aborted", async () => {
    const server = new FakeTusServer(100);
    const ref: { handle?: ReturnType<typeof tusUpload> } = {};
    const stack: HttpStack = {
      getName: () => "aborting",
      createRequest: (method, url) => {
        if (method === "PATCH" && server.offset === 8) void ref.handle?.abort();
        return server.createRequest(method, url);
      },
    };
    ref.handle = tusUpload(job(100), vi.fn(), { httpStack: stack });
    await expect(ref.handle.done).rejects.toThrow("aborted");
    await vi.waitFor(() => expect(server.seen.some((r) => r.method === "DELETE")).toBe(true));
    const deleted = server.seen.find((r) => r.method === "DELETE");
    expect(deleted?.headers["X-Auth"]).toBe("token-1");
  });

  it("cancels with DELETE when aborted before the library started", async () => {
    let created: (value: string) => void = () => {};
    vi.mocked(apiCall).mockImplementationOnce(
      () => new Promise((resolve) => (created = resolve as (value: string) => void)),
    );
    const handle = tusUpload(job(6), vi.fn(), { httpStack: new FakeTusServer(6) });
    const aborting = handle.abort();
    created("201 Created");
    await aborting;
    expect(apiCall).toHaveBeenLastCalledWith("tusCancel", { path: "/Opere/scan #1.tif" });
    await expect(handle.done).rejects.toThrow("aborted");
  });

  it("pauses after a chunk, keeping it on the server, and resumes from the server's offset", async () => {
    const server = new FakeTusServer(12);
    const ref: { handle?: ReturnType<typeof tusUpload> } = {};
    let paused = false;
    const stack: HttpStack = {
      getName: () => "pausing",
      createRequest: (method, url) => {
        if (method === "PATCH" && server.offset === 4 && !paused) {
          paused = ref.handle?.pause?.() ?? false;
        }
        return server.createRequest(method, url);
      },
    };
    ref.handle = tusUpload(job(12), vi.fn(), { httpStack: stack });
    await vi.waitFor(() => expect(paused).toBe(true));
    // Nothing more is sent while paused, and nothing is deleted.
    const sent = server.seen.length;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(server.seen.length).toBe(sent);
    expect(server.seen.some((r) => r.method === "DELETE")).toBe(false);
    ref.handle.resume?.();
    await ref.handle.done;
    expect(server.offset).toBe(12);
    // The resumed upload asked the server where it was, then sent only what was missing.
    const afterPause = server.seen.slice(sent);
    expect(afterPause[0]?.method).toBe("HEAD");
    const next = afterPause.find((r) => r.method === "PATCH");
    expect(Number(next?.headers["Upload-Offset"])).toBeGreaterThanOrEqual(4);
  });
});
