import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setAuthHandlers } from "./client";
import { saveFile } from "./resource-api";

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  setAuthHandlers({
    getToken: () => "a.b.c",
    renew: () => Promise.resolve(),
    unauthorized: () => undefined,
  });
  fetchMock.mockImplementation(() => Promise.resolve(new Response("200 OK", { status: 200 })));
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const sentBody = () => fetchMock.mock.lastCall?.[1]?.body;

describe("saving a text", () => {
  it("sends a short text as it is", async () => {
    await saveFile("/Opere/figura.tex", "\\Unit Testo.");
    expect(fetchMock.mock.lastCall?.[1]?.method).toBe("PUT");
    expect(sentBody()).toBe("\\Unit Testo.");
  });

  it("sends a large transcription as a UTF-8 Blob of the same text", async () => {
    const text = "Testo \\VV{{A:città}{B:citta}}.\n".repeat(100_000);
    await saveFile("/Opere/lunga.tex", text);
    const body = sentBody();
    expect(body).toBeInstanceOf(Blob);
    const blob = body as Blob;
    expect(blob.type).toBe("text/plain;charset=utf-8");
    expect(await blob.text()).toBe(text);
  });
});
