import type { TokenUser, TrashItem } from "@scriptorium/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../app/register-prompts";
import { PromptHost, usePromptStore } from "../../prompts";
import { useAuthStore } from "../../state/auth-store";
import { useToastStore } from "../../state/toast-store";
import { Toaster } from "../toasts/Toaster";
import { TrashPage } from "./TrashPage";

const fetchMock = vi.fn<typeof fetch>();
const urlOf = (input: RequestInfo | URL | undefined) =>
  input instanceof Request ? input.url : (input?.toString() ?? "");

const HOUR = 3600_000;
const item = (patch: Partial<TrashItem>): TrashItem => ({
  id: "a1",
  path: "/Opere/Dante/inferno.tex",
  name: "inferno.tex",
  isDir: false,
  size: 2048,
  deletedAt: new Date(Date.now() - 2 * HOUR).toISOString(),
  deletedBy: "ada",
  ...patch,
});

const INFERNO = item({});
const SCANS = item({
  id: "b2",
  path: "/scans",
  name: "scans",
  isDir: true,
  size: 5 * 1024 * 1024,
  deletedBy: "bruno",
});

const USERS = [
  { id: 7, username: "ada", perm: { admin: true } },
  { id: 9, username: "bruno", perm: { admin: false } },
  { id: 3, username: "alba", perm: { admin: false } },
];
/** Other users' trash, by id, as `?user=ID` answers it. */
const OTHERS: Record<string, TrashItem[]> = {
  "9": [item({ id: "c3", path: "/bozze/canto2.tex", name: "canto2.tex", deletedBy: "bruno" })],
  "3": [],
};

/** A stand-in for the trash routes over a list that the calls change (and the users list). */
function serve(initial: TrashItem[], landed = (found: TrashItem) => found.path) {
  let items = [...initial];
  fetchMock.mockImplementation((input, init) => {
    const url = new URL(urlOf(input), "http://host");
    const method = init?.method ?? "GET";
    const id = /^\/api\/trash\/([^/]+)/.exec(url.pathname)?.[1];
    const found = items.find((entry) => entry.id === id);
    if (method === "POST" && found && url.pathname.endsWith("/restore")) {
      items = items.filter((entry) => entry !== found);
      return Promise.resolve(Response.json({ path: landed(found) }));
    }
    if (method === "DELETE") {
      items = id ? items.filter((entry) => entry.id !== id) : [];
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    if (method === "GET" && url.pathname === "/api/trash") {
      const user = url.searchParams.get("user");
      if (user === null) return Promise.resolve(Response.json(items));
      const theirs = OTHERS[user];
      return Promise.resolve(
        theirs
          ? Response.json(theirs)
          : Response.json({ message: "No such user" }, { status: 404 }),
      );
    }
    if (method === "GET" && url.pathname === "/api/users") {
      return Promise.resolve(Response.json(USERS));
    }
    return Promise.resolve(Response.json({ message: "not found" }, { status: 404 }));
  });
}

const calls = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? "GET") === method)
    .map(([input]) => {
      const url = new URL(urlOf(input), "http://host");
      return url.pathname + url.search;
    });

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderPage({ admin = false, entry = "/trash" } = {}) {
  useAuthStore.setState({
    jwt: "t.o.k",
    user: { id: 7, username: "ada", perm: { create: true, delete: true, admin } } as TokenUser,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <TrashPage />
        <PromptHost />
        <Toaster />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const names = () => screen.queryAllByTestId("trash-name").map((cell) => cell.textContent);

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  usePromptStore.setState({ prompts: [] });
  useToastStore.setState({ toasts: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("the trash page", () => {
  it("lists each item with its folder, size, when and by whom it was deleted", async () => {
    serve([INFERNO, SCANS]);
    renderPage();
    const rows = await screen.findAllByTestId("trash-row");
    expect(calls("GET")).toEqual(["/api/trash"]);
    expect(rows.map((row) => row.dataset.id)).toEqual(["a1", "b2"]);
    const first = rows[0]!;
    expect(first.textContent).toContain("inferno.tex");
    expect(first.textContent).toContain("\u2066/Opere/Dante/\u2069");
    expect(first.textContent).toContain("2.00 KiB");
    expect(first.textContent).toContain("2 hours ago");
    expect(first.textContent).toContain("ada");
    expect(rows[1]!.textContent).toContain("bruno");
    expect(rows[1]!.textContent).toContain("5.00 MiB");
    // Cells carry their labels for the narrow screens' cards.
    expect(within(first).getByText("ada").dataset.label).toBe("Deleted by");
  });

  it("filters by name or original folder, in any case", async () => {
    serve([INFERNO, SCANS]);
    renderPage();
    await screen.findAllByTestId("trash-row");
    const filter = screen.getByTestId("trash-filter");
    fireEvent.change(filter, { target: { value: "DANTE" } });
    expect(names()).toEqual(["inferno.tex"]);
    fireEvent.change(filter, { target: { value: "scan" } });
    expect(names()).toEqual(["scans"]);
    fireEvent.change(filter, { target: { value: "paradiso" } });
    expect(names()).toEqual([]);
    expect(screen.getByTestId("trash-no-match").textContent).toBe(
      "Nothing in the trash matches the filter.",
    );
    fireEvent.change(filter, { target: { value: "  " } });
    expect(names()).toEqual(["inferno.tex", "scans"]);
  });

  it("restores an item, says where it landed and links to that folder", async () => {
    serve([INFERNO, SCANS], (found) => `${found.path.replace(/\.tex$/, "")} (restored).tex`);
    renderPage();
    const [row] = await screen.findAllByTestId("trash-row");
    fireEvent.click(within(row!).getByTestId("trash-restore"));
    await waitFor(() => expect(names()).toEqual(["scans"]));
    expect(calls("POST")).toEqual(["/api/trash/a1/restore"]);
    const toast = await screen.findByTestId("toast-success");
    expect(toast.textContent).toContain(
      "Restored to \u2066/Opere/Dante/inferno (restored).tex\u2069",
    );
    fireEvent.click(within(toast).getByTestId("toast-link"));
    expect(screen.getByTestId("where").textContent).toBe("/files/Opere/Dante/");
  });

  it("deletes an item for ever only after confirmation", async () => {
    serve([INFERNO, SCANS]);
    renderPage();
    const [, row] = await screen.findAllByTestId("trash-row");
    fireEvent.click(within(row!).getByTestId("trash-delete"));
    let prompt = screen.getByTestId("prompt-confirm");
    expect(prompt.textContent).toContain("Delete “scans” for ever? It cannot be restored.");
    fireEvent.click(within(prompt).getByTestId("confirm-cancel"));
    expect(calls("DELETE")).toEqual([]);

    fireEvent.click(within(row!).getByTestId("trash-delete"));
    prompt = screen.getByTestId("prompt-confirm");
    fireEvent.click(within(prompt).getByTestId("confirm-ok"));
    await waitFor(() => expect(names()).toEqual(["inferno.tex"]));
    expect(calls("DELETE")).toEqual(["/api/trash/b2"]);
    expect(useToastStore.getState().toasts.at(-1)?.message).toBe("Deleted for ever");
  });

  it("empties the trash after confirmation, then says it is empty", async () => {
    serve([INFERNO, SCANS]);
    renderPage();
    await screen.findAllByTestId("trash-row");
    fireEvent.click(screen.getByTestId("trash-empty-all"));
    const prompt = screen.getByTestId("prompt-confirm");
    expect(prompt.textContent).toContain("Delete everything in the trash for ever?");
    fireEvent.click(within(prompt).getByTestId("confirm-ok"));
    expect(await screen.findByTestId("trash-empty")).toBeTruthy();
    expect(calls("DELETE")).toEqual(["/api/trash"]);
    expect(screen.queryByTestId("trash-empty-all")).toBeNull();
    expect(screen.queryByTestId("trash-filter")).toBeNull();
  });

  it("says when the trash is empty, and when it cannot be loaded", async () => {
    serve([]);
    renderPage();
    expect((await screen.findByTestId("trash-empty")).textContent).toContain("The trash is empty.");
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(Response.json({ message: "boom" }, { status: 500 }));
    cleanup();
    renderPage();
    expect((await screen.findByTestId("trash-error")).textContent).toContain(
      "The trash could not be loaded.",
    );
  });
});

describe("the trash page: an admin looks at another user's trash", () => {
  const picker = () => screen.getByTestId<HTMLSelectElement>("trash-owner");
  const options = () => [...picker().options].map((option) => option.textContent);

  it("offers the other users after “My trash”, and shows the one picked read-only", async () => {
    serve([INFERNO]);
    renderPage({ admin: true });
    await screen.findAllByTestId("trash-row");
    await waitFor(() => expect(options()).toEqual(["My trash", "alba", "bruno"]));
    expect(picker().value).toBe("");
    expect(screen.getByTestId("trash-empty-all")).toBeTruthy();

    fireEvent.change(picker(), { target: { value: "9" } });
    await waitFor(() => expect(names()).toEqual(["canto2.tex"]));
    expect(screen.getByTestId("where").textContent).toBe("/trash?user=9");
    expect(calls("GET")).toContain("/api/trash?user=9");
    expect(screen.getByTestId("page-heading").textContent).toBe("Trash of bruno");
    expect(screen.getByTestId("trash-read-only").textContent).toBe(
      "Read-only: only bruno can restore these items or delete them for ever.",
    );
    expect(screen.queryByTestId("trash-restore")).toBeNull();
    expect(screen.queryByTestId("trash-delete")).toBeNull();
    expect(screen.queryByTestId("trash-empty-all")).toBeNull();
    // No column of actions either.
    expect(screen.getByTestId("trash-table").querySelectorAll("th")).toHaveLength(5);

    fireEvent.change(picker(), { target: { value: "3" } });
    expect((await screen.findByTestId("trash-empty")).textContent).toBe(
      "The trash of alba is empty.",
    );
    expect(screen.getByTestId("where").textContent).toBe("/trash?user=3");

    fireEvent.change(picker(), { target: { value: "" } });
    await waitFor(() => expect(names()).toEqual(["inferno.tex"]));
    expect(screen.getByTestId("where").textContent).toBe("/trash");
    expect(screen.getByTestId("trash-restore")).toBeTruthy();
    expect(screen.queryByTestId("trash-read-only")).toBeNull();
    expect(calls("POST")).toEqual([]);
    expect(calls("DELETE")).toEqual([]);
  });

  it("opens the trash that the address names; the admin's own id or a bad one is “My trash”", async () => {
    serve([INFERNO]);
    renderPage({ admin: true, entry: "/trash?user=9" });
    await waitFor(() => expect(names()).toEqual(["canto2.tex"]));
    expect(calls("GET")).not.toContain("/api/trash");
    await waitFor(() => expect(picker().value).toBe("9"));
    cleanup();
    for (const entry of ["/trash?user=7", "/trash?user=abc", "/trash?user=0"]) {
      fetchMock.mockClear();
      renderPage({ admin: true, entry });
      await waitFor(() => expect(names()).toEqual(["inferno.tex"]));
      expect(calls("GET").filter((call) => call.startsWith("/api/trash"))).toEqual(["/api/trash"]);
      expect(screen.getByTestId("trash-restore")).toBeTruthy();
      cleanup();
    }
  });

  it("says when the user is unknown", async () => {
    serve([INFERNO]);
    renderPage({ admin: true, entry: "/trash?user=42" });
    expect((await screen.findByTestId("trash-error")).textContent).toContain(
      "The trash could not be loaded.",
    );
    await waitFor(() => expect(options()).toContain("#42"));
    expect(picker().value).toBe("42");
  });

  it("offers no picker to a user who is not an admin, and ignores ?user=", async () => {
    serve([INFERNO]);
    renderPage({ entry: "/trash?user=9" });
    await waitFor(() => expect(names()).toEqual(["inferno.tex"]));
    expect(screen.queryByTestId("trash-owner")).toBeNull();
    expect(calls("GET")).toEqual(["/api/trash"]);
  });
});
