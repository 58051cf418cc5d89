import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiCall, setAuthHandlers } from "./client";
import { StatusError } from "./errors";
import { wroteLately } from "./local-writes";

const fetchMock = vi.fn<typeof fetch>();
const handlers = {
  getToken: vi.fn(() => "a.b.c"),
  renew: vi.fn(() => Promise.resolve()),
  unauthorized: vi.fn(),
};

function respond(status: number, body: string, headers: Record<string, string> = {}) {
  fetchMock.mockResolvedValueOnce(new Response(status === 204 ? null : body, { status, headers }));
}

const lastRequest = () => {
  const [url, init] = fetchMock.mock.lastCall ?? [];
  return { url, init, headers: (init?.headers ?? {}) as Record<string, string> };
};

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  setAuthHandlers(handlers);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  vi.clearAllMocks();
});

describe("apiCall", () => {
  it("prefixes the base URL, fills :params and the * path, and sends X-Auth", async () => {
    window.FileBrowser = { BaseURL: "/fb/" };
    respond(200, JSON.stringify({ total: 10, used: 5 }), { "content-type": "application/json" });
    await expect(apiCall("usage", { path: "/Opere/Libro I/#1/" })).resolves.toEqual({
      total: 10,
      used: 5,
    });
    expect(lastRequest().url).toBe("/fb/api/usage/Opere/Libro%20I/%231/");
    expect(lastRequest().headers["X-Auth"]).toBe("a.b.c");

    respond(200, "{}", { "content-type": "application/json" });
    await apiCall("getUser", { params: { id: 3 } });
    expect(lastRequest().url).toBe("/fb/api/users/3");
  });

  it("sends JSON bodies and returns text answers as text", async () => {
    respond(200, "x.y.z", { "content-type": "text/plain" });
    const token = await apiCall("login", { body: { username: "a", password: "b", recaptcha: "" } });
    expect(token).toBe("x.y.z");
    const { init, headers } = lastRequest();
    expect(init?.method).toBe("POST");
    expect(headers["Content-Type"]).toBe("application/json");
    expect(headers["X-Auth"]).toBeUndefined();
    expect(JSON.parse(init?.body as string)).toEqual({
      username: "a",
      password: "b",
      recaptcha: "",
    });
  });

  it("turns error answers into StatusErrors with the server's message", async () => {
    respond(
      409,
      JSON.stringify({ status: 409, code: "ALREADY_EXISTS", message: "Username already taken" }),
      { "content-type": "application/json" },
    );
    const err = await apiCall("signup", { body: { username: "a", password: "b" } }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(StatusError);
    expect(err).toMatchObject({
      status: 409,
      code: "ALREADY_EXISTS",
      message: "Username already taken",
    });

    respond(405, "", {});
    await expect(
      apiCall("signup", { body: { username: "a", password: "b" } }),
    ).rejects.toMatchObject({
      status: 405,
      message: "405",
    });

    respond(429, JSON.stringify({ status: 429, code: "RATE_LIMITED", message: "slow down" }), {
      "content-type": "application/json",
      "retry-after": "12",
    });
    await expect(apiCall("login", { body: {} })).rejects.toMatchObject({ retryAfter: 12 });
  });

  it("sends extra headers and a raw body, with the query", async () => {
    respond(201, "201 Created", { "content-type": "text/plain" });
    await apiCall("tusCreate", {
      path: "/a b.txt",
      query: { override: "false" },
      headers: { "Upload-Length": "42" },
    });
    const { url, init, headers } = lastRequest();
    expect(url).toBe("/api/tus/a%20b.txt?override=false");
    expect(init?.method).toBe("POST");
    expect(headers["Upload-Length"]).toBe("42");
    expect(headers["X-Auth"]).toBe("a.b.c");
  });

  it("reports an unreachable server as status 0", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(apiCall("health")).rejects.toMatchObject({
      status: 0,
      message: "000 No connection",
    });
  });

  it("ends the session on a 401 of an authenticated call only", async () => {
    respond(401, JSON.stringify({ status: 401, code: "UNAUTHORIZED", message: "no" }), {
      "content-type": "application/json",
    });
    await expect(apiCall("getUser", { params: { id: 1 } })).rejects.toMatchObject({ status: 401 });
    expect(handlers.unauthorized).toHaveBeenCalledOnce();

    respond(401, "", {});
    await expect(apiCall("renew", { token: "old.to.ken" })).rejects.toMatchObject({ status: 401 });
    expect(handlers.unauthorized).toHaveBeenCalledOnce();
  });

  it("renews the token once when responses ask for it", async () => {
    let release = () => {};
    handlers.renew.mockImplementationOnce(() => new Promise<void>((r) => (release = r)));
    for (let i = 0; i < 2; i++) {
      respond(200, JSON.stringify({ total: 1, used: 0 }), {
        "content-type": "application/json",
        "X-Renew-Token": "true",
      });
    }
    const calls = [apiCall("usage", { path: "/" }), apiCall("usage", { path: "/" })];
    await vi.waitFor(() => expect(handlers.renew).toHaveBeenCalled());
    release();
    await Promise.all(calls);
    expect(handlers.renew).toHaveBeenCalledOnce();
  });
});

describe("this tab's own writes", () => {
  it("are the session's requests that change something, in flight and just ended", async () => {
    const later = () => Date.now() + 60_000;
    respond(200, "x.y.z", { "content-type": "text/plain" });
    await apiCall("renew");
    respond(200, "{}", { "content-type": "application/json" });
    await apiCall("usage", { path: "/" });
    // Neither a token's renewal nor a read counts: another tab's changes stay news.
    expect(wroteLately(0, later())).toBe(false);

    let answer: (res: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const deleting = apiCall("deleteResource", { path: "/a.txt" });
    expect(wroteLately(0, later())).toBe(true);
    answer(new Response(null, { status: 204 }));
    await deleting;
    expect(wroteLately(0, later())).toBe(false);
    expect(wroteLately(3000)).toBe(true);
  });
});
