import type { Share } from "@scriptorium/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../app/register-prompts";
import { pressEscape } from "../../test/press-escape";
import { PromptHost, showPrompt, usePromptStore } from "../../prompts";
import { useToastStore } from "../../state/toast-store";
import type { ShareTarget } from "../../api/share-api";

const fetchMock = vi.fn<typeof fetch>();
/** The URL a fetch call was made with. */
const urlOf = (input: RequestInfo | URL | undefined) =>
  input instanceof Request ? input.url : (input?.toString() ?? "");

const FILE: ShareTarget = { path: "/Opere/a.tex", name: "a.tex", isDir: false };
const FOLDER: ShareTarget = { path: "/Opere/scans", name: "scans", isDir: true };

function link(patch: Partial<Share> = {}): Share {
  return {
    hash: "h4sh-one",
    path: "/Opere/a.tex",
    userID: 1,
    expire: 0,
    mode: "read",
    hasPassword: false,
    created: 1_700_000_000,
    downloads: 0,
    uploads: 0,
    ...patch,
  };
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });

/**
 * A server holding `links`: GET /api/share{path} lists them, POST adds `created` (or answers
 * with that Response), DELETE removes one.
 */
function serve(initial: Share[], created?: Share | Response) {
  let links = [...initial];
  fetchMock.mockImplementation((input, init) => {
    const method = init?.method ?? "GET";
    if (method === "POST") {
      if (created instanceof Response) return Promise.resolve(created);
      if (created) links = [...links, created];
      return Promise.resolve(json(created));
    }
    if (method === "DELETE") {
      links = links.filter((share) => !urlOf(input).endsWith(`/${share.hash}`));
      return Promise.resolve(new Response("200 OK"));
    }
    return Promise.resolve(json(links));
  });
}

function open(target: ShareTarget) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PromptHost />
    </QueryClientProvider>,
  );
  act(() => showPrompt({ name: "share", target }));
  return screen.getByTestId("prompt-share");
}

const calls = (method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? "GET") === method);

const input = (dialog: HTMLElement, name: string) =>
  dialog.querySelector<HTMLInputElement>(`[name="${name}"]`)!;

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  usePromptStore.setState({ prompts: [] });
  useToastStore.setState({ toasts: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("share dialog", () => {
  it("opens on the form when the item has no link, and sends duration, unit and password", async () => {
    const created = link({ expire: Math.floor(Date.now() / 1000) + 7200, hasPassword: true });
    serve([], created);
    const dialog = open(FILE);
    await within(dialog).findByTestId("share-form");
    expect(urlOf(calls("GET")[0]?.[0])).toMatch(/\/api\/share\/Opere\/a\.tex$/);
    // Files have no drop-box choice.
    expect(dialog.querySelector('[name="mode"]')).toBeNull();
    fireEvent.change(input(dialog, "duration"), { target: { value: "2" } });
    fireEvent.change(dialog.querySelector('[name="unit"]')!, { target: { value: "hours" } });
    fireEvent.change(input(dialog, "password"), { target: { value: "  open sesame  " } });
    fireEvent.click(within(dialog).getByTestId("share-create"));

    await within(dialog).findByTestId("share-links");
    const [url, init] = calls("POST")[0]!;
    expect(urlOf(url)).toMatch(/\/api\/share\/Opere\/a\.tex$/);
    expect(JSON.parse(init?.body as string)).toEqual({
      password: "open sesame",
      mode: "read",
      expires: "2",
      unit: "hours",
    });
    const item = within(dialog).getByTestId("share-link");
    // The create button is gone: the focus goes to the new link's copy button.
    expect(document.activeElement).toBe(within(item).getByTestId("share-copy"));
    expect(within(item).getByTestId("share-has-password")).toBeTruthy();
    expect(within(item).getByTestId("share-expiry").textContent).toMatch(/^Expires in 2 hours$/);
    expect(item.textContent).toContain(`${window.location.origin}/share/h4sh-one`);
  });

  it("opens on the list when links exist; New shows the form and Cancel comes back", async () => {
    serve([link(), link({ hash: "h4sh-two", maxDownloads: 5, downloads: 2 })]);
    const dialog = open(FILE);
    const items = await within(dialog).findAllByTestId("share-link");
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByTestId("share-expiry").textContent).toBe("Permanent");
    expect(items[1]!.textContent).toContain("Downloads: 2 of 5");
    // A file link without a password has a direct download link; the QR code shows on demand.
    expect(within(items[0]!).getByTestId("share-copy-download")).toBeTruthy();
    fireEvent.click(within(items[0]!).getByTestId("share-qr-toggle"));
    expect(within(items[0]!).getByTestId("share-qr").querySelector("svg")).toBeTruthy();

    fireEvent.click(within(dialog).getByTestId("share-new"));
    expect(within(dialog).getByTestId("share-form")).toBeTruthy();
    fireEvent.click(within(dialog).getByText("Cancel"));
    expect(within(dialog).getAllByTestId("share-link")).toHaveLength(2);
  });

  it("offers folders a drop box with size and file limits", async () => {
    serve([], link({ path: "/Opere/scans/", mode: "upload" }));
    const dialog = open(FOLDER);
    await within(dialog).findByTestId("share-form");
    expect(input(dialog, "maxDownloads")).toBeTruthy();
    fireEvent.click(dialog.querySelector('[name="mode"][value="upload"]')!);
    expect(dialog.querySelector('[name="maxDownloads"]')).toBeNull();
    fireEvent.change(input(dialog, "maxUploadMB"), { target: { value: "30" } });
    fireEvent.change(input(dialog, "maxUploads"), { target: { value: "4" } });
    fireEvent.click(within(dialog).getByTestId("share-create"));
    await within(dialog).findByTestId("share-links");
    const [url, init] = calls("POST")[0]!;
    expect(urlOf(url)).toMatch(/\/api\/share\/Opere\/scans\/$/);
    expect(JSON.parse(init?.body as string)).toEqual({
      password: "",
      mode: "upload",
      maxUploadBytes: 30 * 1024 * 1024,
      maxUploads: 4,
    });
    expect(within(dialog).getByText("Drop box")).toBeTruthy();
  });

  it("refuses a duration out of range without calling the server", async () => {
    serve([]);
    const dialog = open(FILE);
    await within(dialog).findByTestId("share-form");
    fireEvent.change(input(dialog, "duration"), { target: { value: "2147483648" } });
    fireEvent.click(within(dialog).getByTestId("share-create"));
    expect(within(dialog).getByTestId("share-error").textContent).toMatch(/2147483647/);
    expect(calls("POST")).toHaveLength(0);
  });

  it("shows the server's message when creating fails", async () => {
    const refusal = new Response(
      JSON.stringify({ status: 403, code: "FORBIDDEN", message: "You may not share this." }),
      { status: 403, headers: { "Content-Type": "application/json" } },
    );
    serve([], refusal);
    const dialog = open(FILE);
    await within(dialog).findByTestId("share-form");
    fireEvent.click(within(dialog).getByTestId("share-create"));
    expect((await within(dialog).findByTestId("share-error")).textContent).toBe(
      "You may not share this.",
    );
    expect(within(dialog).getByTestId("share-form")).toBeTruthy();
  });

  it("asks before deleting; deleting the last link closes a dialog opened on the form", async () => {
    serve([], link());
    const dialog = open(FILE);
    await within(dialog).findByTestId("share-form");
    fireEvent.click(within(dialog).getByTestId("share-create"));
    fireEvent.click(await within(dialog).findByTestId("share-delete"));
    expect(within(dialog).getByTestId("share-delete-question")).toBeTruthy();
    expect(calls("DELETE")).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId("share-delete-confirm"));
    await waitFor(() => expect(screen.queryByTestId("prompt-share")).toBeNull());
    expect(urlOf(calls("DELETE")[0]?.[0])).toMatch(/\/api\/share\/h4sh-one$/);
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toContain(
      "Share deleted!",
    );
  });

  it("stays open, empty, when the last link goes from a dialog opened on the list", async () => {
    serve([link()]);
    const dialog = open(FILE);
    fireEvent.click(await within(dialog).findByTestId("share-delete"));
    fireEvent.click(within(dialog).getByTestId("share-delete-confirm"));
    expect(await within(dialog).findByTestId("share-no-links")).toBeTruthy();
    expect(screen.getByTestId("prompt-share")).toBe(dialog);
  });

  it("copies the link, falls back to execCommand, then to a field to copy by hand", async () => {
    serve([link()]);
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    const dialog = open(FILE);
    fireEvent.click(await within(dialog).findByTestId("share-copy"));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(`${location.origin}/share/h4sh-one`),
    );
    expect(useToastStore.getState().toasts.at(-1)?.message).toBe("Link copied!");

    writeText.mockRejectedValue(new Error("denied"));
    const execCommand = vi.fn(() => true);
    document.execCommand = execCommand;
    fireEvent.click(within(dialog).getByTestId("share-copy"));
    await waitFor(() => expect(execCommand).toHaveBeenCalledWith("copy"));
    expect(within(dialog).queryByTestId("share-manual-copy")).toBeNull();

    execCommand.mockReturnValue(false);
    fireEvent.click(within(dialog).getByTestId("share-copy"));
    const field = await within(dialog).findByTestId<HTMLInputElement>("share-manual-copy");
    expect(field.value).toBe(`${location.origin}/share/h4sh-one`);
    expect(field.readOnly).toBe(true);
  });

  it("shows what visitors dropped into a drop box", async () => {
    const box = link({ path: "/Opere/scans/", mode: "upload", uploads: 1, maxUploads: 3 });
    fetchMock.mockImplementation((input) => {
      if (urlOf(input).endsWith("/activity")) {
        return Promise.resolve(
          json([
            {
              at: Date.now(),
              kind: "upload",
              name: "/c1r.jpg",
              size: 2048,
              address: "::1",
              visitor: "Ada",
            },
          ]),
        );
      }
      return Promise.resolve(json([box]));
    });
    const dialog = open(FOLDER);
    const item = await within(dialog).findByTestId("share-link");
    expect(item.textContent).toContain("Files received: 1 of 3");
    const details = item.querySelector("details")!;
    details.open = true;
    fireEvent(details, new Event("toggle"));
    const activity = await within(item).findByTestId("share-activity");
    expect(activity.textContent).toContain("Ada uploaded \u2066c1r.jpg\u2069");
    expect(activity.textContent).toContain("2.00 KiB");
    expect(urlOf(fetchMock.mock.calls.at(-1)?.[0])).toMatch(/\/api\/shares\/h4sh-one\/activity$/);
  });

  it("closes on Escape", async () => {
    serve([link()]);
    const dialog = open(FILE);
    await within(dialog).findByTestId("share-link");
    pressEscape();
    expect(screen.queryByTestId("prompt-share")).toBeNull();
  });
});
