import type { Item, PublicShare } from "@scriptorium/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, openSharePage, shareInfo, shareItem } from "./share-test-harness";

const fetchMock = vi.fn<typeof fetch>();

const json = jsonResponse;
const unauthorized = () => json({ status: 401, code: "UNAUTHORIZED", message: "no" }, 401);

const info = (patch: Partial<PublicShare["share"]> = {}) =>
  shareInfo({ name: "Scansioni", ...patch });
const item = (name: string, patch: Partial<Item> = {}) =>
  shareItem(name, { type: "blob", ...patch });
const open = openSharePage;

beforeEach(() => vi.stubGlobal("fetch", fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("SharePage", () => {
  it("asks for the password, says when it is wrong, and shows the file with the right one", async () => {
    const file: PublicShare = {
      share: info({ isDir: false, name: "a.bin", hasPassword: true }),
      token: "T0K",
      path: "",
      name: "a.bin",
      size: 2048,
      isDir: false,
      type: "blob",
      modified: "2024-10-04T22:08:29Z",
    };
    fetchMock.mockImplementation((_url, init) => {
      const password = (init?.headers as Record<string, string>)["X-SHARE-PASSWORD"];
      return Promise.resolve(password === "giusta" ? json(file) : unauthorized());
    });
    open("/share/pw-link");
    const form = await screen.findByTestId("share-password");
    expect(within(form).queryByRole("alert")).toBeNull();

    const input = form.querySelector("input")!;
    fireEvent.change(input, { target: { value: "sbagliata" } });
    fireEvent.submit(form);
    expect((await within(form).findByRole("alert")).textContent).toContain("Wrong credentials");

    fireEvent.change(input, { target: { value: "giusta" } });
    fireEvent.submit(form);
    const view = await screen.findByTestId("share-file");
    expect(within(view).getByTestId("share-size").textContent).toContain("2.00 KiB");
    expect(within(view).getByTestId("share-download").getAttribute("href")).toBe(
      "/api/public/dl/pw-link?token=T0K",
    );
  });

  it("says a link is gone (404), used up (410), or tried too often (429, the server's words)", async () => {
    fetchMock.mockResolvedValueOnce(
      json({ status: 410, code: "LINK_EXHAUSTED", message: "x" }, 410),
    );
    open("/share/used");
    expect((await screen.findByTestId("share-error")).textContent).toContain("download limit");
    fetchMock.mockResolvedValueOnce(
      json({ status: 429, code: "TOO_MANY_REQUESTS", message: "Wait 15 minutes" }, 429),
    );
    open("/share/busy");
    expect((await screen.findByTestId("share-error-detail")).textContent).toContain(
      "Wait 15 minutes",
    );
  });

  it("lists 100 items, then 100 more from the +N tile, and previews a selected image", async () => {
    const items = Array.from({ length: 250 }, (_, i) =>
      item(`f${String(i).padStart(3, "0")}.png`, { type: "image" }),
    );
    fetchMock.mockResolvedValue(
      json({ share: info(), token: "T", path: "/", name: "Scansioni", isDir: true, items }),
    );
    open("/share/h4sh");
    await screen.findByTestId("share-folder");
    expect(screen.getAllByTestId("share-item")).toHaveLength(100);
    fireEvent.click(screen.getByTestId("share-more"));
    expect(screen.getAllByTestId("share-item")).toHaveLength(200);
    expect(screen.getByTestId("share-more").textContent).toContain("+50");

    fireEvent.click(screen.getAllByTestId("share-item")[3]!);
    const image = await screen.findByTestId("share-preview-image");
    expect(image.getAttribute("src")).toBe("/api/public/dl/h4sh/f003.png?inline=true&token=T");
    expect(screen.getByTestId("share-download-file").getAttribute("href")).toBe(
      "/api/public/dl/h4sh/f003.png?token=T",
    );
  });

  it("shows a drop box without any listing", async () => {
    fetchMock.mockResolvedValue(
      json({ share: info({ mode: "upload", maxUploadBytes: 1048576, uploadsLeft: 3 }) }),
    );
    open("/share/box");
    const box = await screen.findByTestId("share-dropbox");
    expect(within(box).getByTestId("share-limit-size").textContent).toContain("1.00 MiB");
    expect(within(box).getByTestId("share-limit-files").textContent).toContain("3");
    expect(screen.queryByTestId("share-items")).toBeNull();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });

  it("fetches a fresh token before the one of a password link runs out", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let n = 0;
      fetchMock.mockImplementation(() =>
        Promise.resolve(
          json({
            share: info({ isDir: false, name: "a.bin", hasPassword: true }),
            token: `T${++n}`,
            path: "",
            name: "a.bin",
            size: 1,
            isDir: false,
            type: "blob",
          }),
        ),
      );
      open("/share/tok");
      const link = await screen.findByTestId("share-download");
      expect(link.getAttribute("href")).toBe("/api/public/dl/tok?token=T1");
      await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
      await waitFor(() =>
        expect(screen.getByTestId("share-download").getAttribute("href")).toBe(
          "/api/public/dl/tok?token=T2",
        ),
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
