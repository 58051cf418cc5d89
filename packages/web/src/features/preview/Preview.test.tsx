import type { Item, Resource, TokenUser } from "@scriptorium/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiCall } from "../../api/client";
import type * as ClientModule from "../../api/client";
import { useAuthStore } from "../../state/auth-store";
import { pdfViewerSlot, type PdfViewerProps } from "../../slots/pdf";
import { Preview } from "./Preview";

vi.mock("../../api/client", async (importOriginal) => ({
  ...(await importOriginal<typeof ClientModule>()),
  apiCall: vi.fn(),
}));
const mockedApiCall = vi.mocked(apiCall);

const perm = (download: boolean): TokenUser["perm"] => ({
  admin: false,
  execute: false,
  create: true,
  rename: true,
  modify: true,
  delete: true,
  share: true,
  download,
  unzip: true,
});

const user = (download = true): TokenUser => ({
  id: 2,
  username: "ada",
  locale: "en",
  viewMode: "list",
  singleClick: false,
  perm: perm(download),
  commands: [],
  lockPassword: false,
  hideDotfiles: false,
  dateFormat: false,
});

const item = (name: string, type: Item["type"], isDir = false): Item => ({
  path: `/pics/${name}`,
  name,
  size: 2048,
  extension: isDir ? "" : name.slice(name.lastIndexOf(".")),
  modified: "2024-10-04T22:08:29.123456789+02:00",
  mode: 420,
  isDir,
  isSymlink: false,
  type,
});

const ITEMS = [
  item("subs", "", true),
  item("a.png", "image"),
  item("b.tex", "text"),
  item("c.jpg", "image"),
];

const listing: Resource = { ...item("pics", "", true), path: "/pics/", items: ITEMS };

/** The routes /files/pics/<name> show the preview of that listed file. */
function renderPreview(name: string, extra: Partial<Resource> = {}) {
  mockedApiCall.mockImplementation((route, options) => {
    if (route === "getResource" && options?.path === "/pics/") return Promise.resolve(listing);
    return Promise.reject(new Error(`unexpected ${route}`));
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const files: Record<string, Resource> = Object.fromEntries(
    ITEMS.map((i) => [`/files/pics/${encodeURIComponent(i.name)}`, i]),
  );
  function Page() {
    const { pathname } = useLocation();
    const file = files[pathname];
    if (!file) return <p data-testid="folder">{pathname}</p>;
    return <Preview resource={{ ...file, ...(file.name === name ? extra : {}) }} />;
  }
  const router = createMemoryRouter([{ path: "/files/*", element: <Page /> }], {
    initialEntries: ["/files/pics/", `/files/pics/${name}`],
    initialIndex: 1,
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe("preview", () => {
  beforeEach(() => {
    mockedApiCall.mockReset();
    useAuthStore.getState().setSession("jwt", user());
  });
  afterEach(() => useAuthStore.getState().clear());

  it("shows an image's big preview and steps to the next and previous file", async () => {
    const router = renderPreview("a.png");
    const image = screen.getByTestId<HTMLImageElement>("preview-image");
    expect(image.getAttribute("src")).toMatch(/^\/api\/preview\/big\/pics\/a\.png\?inline=true/);

    // Folders are skipped; the first file has no previous.
    await waitFor(() =>
      expect(screen.getByTestId<HTMLButtonElement>("preview-next").disabled).toBe(false),
    );
    expect(screen.getByTestId<HTMLButtonElement>("preview-prev").disabled).toBe(true);
    expect(screen.getByTestId("preview-position").textContent).toBe("1 of 3");

    fireEvent.click(screen.getByTestId("preview-next"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/files/pics/b.tex"));
  });

  it("arrow keys move, Escape goes back to the folder", async () => {
    const router = renderPreview("c.jpg");
    await waitFor(() =>
      expect(screen.getByTestId<HTMLButtonElement>("preview-prev").disabled).toBe(false),
    );
    expect(screen.getByTestId<HTMLButtonElement>("preview-next").disabled).toBe(true);

    fireEvent.keyDown(window, { key: "ArrowRight" });
    expect(router.state.location.pathname).toBe("/files/pics/c.jpg");
    fireEvent.keyDown(window, { key: "ArrowLeft" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/files/pics/b.tex"));

    fireEvent.keyDown(window, { key: "Escape" });
    await waitFor(() => expect(router.state.location.pathname).toBe("/files/pics/"));
  });

  it("the close button goes back to the folder", async () => {
    const router = renderPreview("a.png");
    fireEvent.click(screen.getByTestId("preview-close"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/files/pics/"));
  });

  it("a video gets one subtitle track per subtitle file", () => {
    renderPreview("a.png", {
      type: "video",
      subtitles: ["/pics/subs/en.vtt", "/pics/a.it.srt"],
    });
    const video = screen.getByTestId("preview-video");
    expect(video.getAttribute("src")).toBe("/api/raw/pics/a.png?inline=true");
    const tracks = [...video.querySelectorAll("track")];
    expect(tracks.map((t) => [t.kind, t.label, t.getAttribute("src")])).toEqual([
      ["subtitles", "en.vtt", "/api/subtitle/pics/subs/en.vtt?inline=true"],
      ["subtitles", "a.it.srt", "/api/subtitle/pics/a.it.srt?inline=true"],
    ]);
  });

  it("audio plays the raw file inline", () => {
    renderPreview("a.png", { type: "audio" });
    expect(screen.getByTestId("preview-audio").getAttribute("src")).toBe(
      "/api/raw/pics/a.png?inline=true",
    );
  });

  it("a PDF opens in the app's viewer; a double-click on it opens the source at the line", async () => {
    let seen: PdfViewerProps | undefined;
    pdfViewerSlot.fill((props) => {
      seen = props;
      return <div data-testid="pdf-stand-in" />;
    });
    const router = renderPreview("a.png", { type: "pdf" });
    expect(screen.getByTestId("pdf-stand-in")).toBeTruthy();
    expect(seen?.path).toBe("/pics/a.png");
    expect(screen.getByTestId("preview-download").getAttribute("href")).toBe("/api/raw/pics/a.png");
    act(() => seen?.onSource?.({ file: "/tex/book.tex", line: 42 }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/files/tex/book.tex"));
    expect(router.state.location.search).toBe("?line=42");
  });

  it("other files get a card with a download button, and Open inline only for .html/.htm", () => {
    renderPreview("a.png", { type: "blob", name: "Big.HTM", extension: ".HTM" });
    expect(screen.getByTestId("preview-card")).toBeTruthy();
    expect(screen.getByTestId("preview-download").getAttribute("href")).toBe("/api/raw/pics/a.png");
    expect(screen.getByTestId("preview-open-inline").getAttribute("href")).toBe(
      "/api/raw-inline/pics/a.png",
    );
  });

  it("no Open inline for other extensions, no Download without the permission", () => {
    useAuthStore.getState().setSession("jwt", user(false));
    renderPreview("a.png", { type: "blob", name: "data.xhtml", extension: ".xhtml" });
    expect(screen.queryByTestId("preview-open-inline")).toBeNull();
    expect(screen.queryByTestId("preview-download")).toBeNull();
    expect(screen.queryByTestId("preview-card-download")).toBeNull();
  });

  it("without the download permission, media are not requested at all", () => {
    useAuthStore.getState().setSession("jwt", user(false));
    renderPreview("a.png");
    expect(screen.queryByTestId("preview-image")).toBeNull();
    expect(screen.getByTestId("preview-card").textContent).toContain(
      "You need the download permission to see this file.",
    );
  });

  it("an image that cannot be loaded falls back to the card", () => {
    renderPreview("a.png");
    fireEvent.error(screen.getByTestId("preview-image"));
    expect(screen.getByTestId("preview-card").textContent).toContain(
      "The browser could not show this file.",
    );
  });
});
