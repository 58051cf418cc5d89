import type { Item, PublicShare } from "@scriptorium/shared";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, openSharePage, shareInfo, shareItem } from "./share-test-harness";
import { TEXT_PREVIEW_BYTES } from "./share-text";

const fetchMock = vi.fn<typeof fetch>();
const json = jsonResponse;

const info = (patch: Partial<PublicShare["share"]> = {}) =>
  shareInfo({ name: "Edizione", ...patch });
const item = (name: string, patch: Partial<Item> = {}) =>
  shareItem(name, { type: "text", ...patch });
const open = openSharePage;

/** The share's JSON for /api/public/share, the text for the inline URLs. */
function serve(share: PublicShare, text: string, total = text.length) {
  fetchMock.mockImplementation((url) => {
    if ((url as string).startsWith("/api/public/share/")) return Promise.resolve(json(share));
    const status = total > text.length ? 206 : 200;
    const headers: Record<string, string> =
      status === 206 ? { "Content-Range": `bytes 0-${text.length - 1}/${total}` } : {};
    return Promise.resolve(new Response(text, { status, headers }));
  });
}

beforeEach(() => vi.stubGlobal("fetch", fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const TEX = "\\ElencoTestimoni{A/B}\n\\VV{{A:unus}{B:duo}}\n";

describe("the share page's text preview", () => {
  it("a shared .tex shows its text, fetched inline (not as a counted download)", async () => {
    serve(
      {
        share: info({ isDir: false, name: "liber.tex" }),
        token: "T",
        path: "",
        name: "liber.tex",
        size: TEX.length,
        isDir: false,
        type: "text",
      },
      TEX,
    );
    open("/share/h4sh");
    const text = await screen.findByTestId("share-text");
    expect(text.textContent).toContain("\\VV{{A:unus}{B:duo}}");
    expect(within(text).getByLabelText("Text of liber.tex")).toBeTruthy();
    expect(screen.queryByTestId("share-text-cut")).toBeNull();
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe("/api/public-inline/dl/h4sh/index.html?token=T");
    expect((init?.headers as Record<string, string>).Range).toBe(
      `bytes=0-${TEXT_PREVIEW_BYTES - 1}`,
    );
  });

  it("a long text: the first 256 KiB, a note with its size and the download", async () => {
    const start = "x".repeat(100);
    serve(
      {
        share: info({ isDir: false, name: "big.txt" }),
        path: "",
        name: "big.txt",
        size: 3 * 1024 * 1024,
        isDir: false,
        type: "text",
      },
      start,
      3 * 1024 * 1024,
    );
    open("/share/h4sh");
    const note = await screen.findByTestId("share-text-cut");
    expect(note.textContent).toContain("Showing the first 256.00 KiB of 3.00 MiB.");
    expect(within(note).getByRole("link").getAttribute("href")).toBe("/api/public/dl/h4sh");
  });

  it("a binary or media file gets no text preview", async () => {
    serve(
      {
        share: info({ isDir: false, name: "a.bin" }),
        path: "",
        name: "a.bin",
        size: 5,
        isDir: false,
        type: "blob",
      },
      "",
    );
    open("/share/h4sh");
    await screen.findByTestId("share-file");
    expect(screen.queryByTestId("share-text")).toBeNull();
    expect(screen.queryByTestId("share-text-loading")).toBeNull();
  });

  it("in a folder, a selected text file is previewed beside the list", async () => {
    serve(
      {
        share: info(),
        path: "/",
        name: "Edizione",
        isDir: true,
        items: [item("liber.tex", { size: TEX.length })],
      },
      TEX,
    );
    open("/share/h4sh");
    fireEvent.click(await screen.findByTestId("share-item"));
    const preview = await screen.findByTestId("share-preview");
    expect((await within(preview).findByTestId("share-text")).textContent).toContain("\\VV");
    expect(fetchMock.mock.calls.at(-1)?.[0]).toBe("/api/public-inline/dl/h4sh/liber.tex");
  });
});

describe("the reading view of m2hv's output", () => {
  it("shows the frame page in a script-free sandboxed iframe from the link's reading route", async () => {
    serve(
      {
        share: info(),
        token: "T",
        path: "/",
        name: "Edizione",
        isDir: true,
        items: [
          item("index.html", { type: "text" }),
          item("liber-1.htm"),
          item("liber-1f.htm"),
          item("liber.m2hv.log"),
        ],
      },
      "",
    );
    open("/share/h4sh");
    const edition = await screen.findByTestId("share-edition");
    expect(within(edition).getByRole("heading", { name: "Read the edition" })).toBeTruthy();
    const frame = within(edition).getByTitle("The edition: liber-1f.htm");
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("src")).toBe(
      "/api/public-inline/dl/h4sh/liber-1f.htm?view=read&token=T",
    );
    expect(within(edition).getByTestId("share-edition-open").getAttribute("href")).toBe(
      frame.getAttribute("src"),
    );
  });

  it("a folder without HTML pages has no reading view", async () => {
    serve(
      {
        share: info(),
        path: "/",
        name: "Edizione",
        isDir: true,
        items: [item("liber.tex")],
      },
      "",
    );
    open("/share/h4sh");
    await screen.findByTestId("share-folder");
    expect(screen.queryByTestId("share-edition")).toBeNull();
  });
});
