import type { Share, TokenUser } from "@scriptorium/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../../app/register-prompts";
import { useAuthStore } from "../../../state/auth-store";
import { PromptHost, usePromptStore } from "../../../prompts";
import { useToastStore } from "../../../state/toast-store";
import { SharesPage } from "./SharesPage";

const fetchMock = vi.fn<typeof fetch>();
/** The URL a fetch call was made with. */
const urlOf = (input: RequestInfo | URL | undefined) =>
  input instanceof Request ? input.url : (input?.toString() ?? "");

const link = (patch: Partial<Share>): Share => ({
  hash: "mine",
  path: "/Opere/a.tex",
  userID: 7,
  expire: 0,
  mode: "read",
  hasPassword: false,
  created: 1_700_000_000,
  downloads: 0,
  uploads: 0,
  ...patch,
});

const MINE = link({ hash: "mine", hasPassword: true, maxDownloads: 3, downloads: 1 });
const THEIRS = link({
  hash: "theirs",
  path: "/scans/",
  userID: 9,
  username: "bruno",
  mode: "upload",
  created: 1_700_000_500,
});

function serve(initial: Share[]) {
  let links = [...initial];
  fetchMock.mockImplementation((input, init) => {
    if (init?.method === "DELETE") {
      links = links.filter((share) => !urlOf(input).endsWith(`/${share.hash}`));
      return Promise.resolve(new Response("200 OK"));
    }
    return Promise.resolve(
      new Response(JSON.stringify(links), { headers: { "Content-Type": "application/json" } }),
    );
  });
}

function renderPage(admin: boolean) {
  useAuthStore.setState({
    jwt: "t.o.k",
    user: { id: 7, username: "ada", perm: { share: true, admin } } as TokenUser,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SharesPage />
        <PromptHost />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  usePromptStore.setState({ prompts: [] });
  useToastStore.setState({ toasts: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("Settings → Shares", () => {
  it("lists the user's links with path, expiry, kind and use", async () => {
    serve([MINE]);
    renderPage(false);
    const row = await screen.findByTestId("shares-row");
    expect(urlOf(fetchMock.mock.calls[0]?.[0])).toMatch(/\/api\/shares$/);
    expect(
      within(row).getByRole("link", { name: "\u2066/Opere/a.tex\u2069" }).getAttribute("href"),
    ).toBe("/files/Opere/a.tex");
    expect(row.textContent).toContain("Permanent");
    expect(row.textContent).toContain("Downloads: 1 of 3");
    expect(within(row).getByRole("img", { name: "Password" })).toBeTruthy();
    expect(screen.queryByText("Owner")).toBeNull();
  });

  it("shows admins every link with its owner; others' paths are not links", async () => {
    serve([MINE, THEIRS]);
    renderPage(true);
    const rows = await screen.findAllByTestId("shares-row");
    // Newest first.
    expect(rows.map((row) => row.dataset.hash)).toEqual(["theirs", "mine"]);
    expect(within(rows[0]!).getByTestId("shares-owner").textContent).toBe("bruno");
    expect(within(rows[0]!).queryByRole("link")).toBeNull();
    expect(rows[0]!.textContent).toContain("Drop box");
    expect(screen.getByText("Owner")).toBeTruthy();
  });

  it("deletes a link after confirmation", async () => {
    serve([MINE, THEIRS]);
    renderPage(true);
    const [, mine] = await screen.findAllByTestId("shares-row");
    fireEvent.click(within(mine!).getByTestId("shares-delete"));
    const prompt = screen.getByTestId("prompt-share-delete");
    expect(prompt.textContent).toContain("/Opere/a.tex");
    fireEvent.click(within(prompt).getByTestId("share-delete-confirm"));
    await waitFor(() => expect(screen.getAllByTestId("shares-row")).toHaveLength(1));
    const deletion = fetchMock.mock.calls.find(([, init]) => init?.method === "DELETE");
    expect(urlOf(deletion?.[0])).toMatch(/\/api\/share\/mine$/);
    expect(useToastStore.getState().toasts.at(-1)?.message).toBe("Share deleted!");
    expect(screen.queryByTestId("prompt-share-delete")).toBeNull();
  });

  it("says so when there is nothing shared", async () => {
    serve([]);
    renderPage(false);
    expect(await screen.findByTestId("shares-empty")).toBeTruthy();
  });
});
