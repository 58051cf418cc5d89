import type { AuditEntry, TokenUser } from "@scriptorium/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setAuthHandlers } from "../../../api/client";
import { useAuthStore } from "../../../state/auth-store";
import { useToastStore } from "../../../state/toast-store";
import { AuditPage } from "./AuditPage";
import { dayBound, exportName, formFilters } from "./audit-form";

const fetchMock = vi.fn<typeof fetch>();
const urlOf = (input: RequestInfo | URL | undefined) =>
  input instanceof Request ? input.url : (input?.toString() ?? "");

const entry = (patch: Partial<AuditEntry>): AuditEntry => ({
  time: "2026-11-20T09:30:00.000Z",
  user: "ada",
  action: "upload",
  path: "/team/Opere/scan-3.jpg",
  requestId: "req-1",
  address: "192.0.2.7",
  ...patch,
});

const ENTRIES = [
  entry({}),
  entry({
    user: "bruno",
    action: "move",
    path: "/team/a.tex",
    to: "/team/Archivio/a.tex",
    requestId: "7c32bd18-293e-4b24-97dd-c349638114f9",
  }),
  entry({ user: "", action: "login-failed", path: "", detail: "carla", requestId: "req-3" }),
];

const CSV = "time,user,action,path\n2026-11-20T09:30:00.000Z,ada,upload,/team/Opere/scan-3.jpg\n";

/** The audit route: entries filtered by user and action, CSV or JSON on demand. */
function serve(entries: AuditEntry[] = ENTRIES) {
  fetchMock.mockImplementation((input) => {
    const url = new URL(urlOf(input), "http://host");
    if (url.pathname === "/api/users") return Promise.resolve(Response.json([]));
    if (url.pathname !== "/api/audit") {
      return Promise.resolve(Response.json({ message: "not found" }, { status: 404 }));
    }
    const q = url.searchParams;
    const shown = entries.filter(
      (e) =>
        (!q.get("user") || e.user === q.get("user")) &&
        (!q.get("action") || e.action === q.get("action")),
    );
    if (q.get("format") === "csv") {
      return Promise.resolve(new Response(CSV, { headers: { "Content-Type": "text/csv" } }));
    }
    return Promise.resolve(Response.json(shown.slice(0, Number(q.get("limit") ?? 1000))));
  });
}

const auditUrls = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(urlOf(input), "http://host"))
    .filter((url) => url.pathname === "/api/audit")
    .map((url) => url.search);

function renderPage() {
  useAuthStore.setState({
    jwt: "t.o.k",
    user: { id: 1, username: "admin", perm: { admin: true } } as TokenUser,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/settings/activity"]}>
        <AuditPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const users = () => screen.queryAllByTestId("audit-user-cell").map((cell) => cell.textContent);

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  setAuthHandlers({
    getToken: () => "t.o.k",
    renew: () => Promise.resolve(),
    unauthorized: () => undefined,
  });
  useToastStore.setState({ toasts: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
});

describe("the audit page", () => {
  it("lists the log, newest first, with who, what, where, the request and the address", async () => {
    serve();
    renderPage();
    const rows = await screen.findAllByTestId("audit-row");
    expect(auditUrls()).toEqual(["?limit=200"]);
    expect(rows.map((row) => row.dataset.action)).toEqual(["upload", "move", "login-failed"]);
    const [upload, move, failed] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(upload.textContent).toContain("ada");
    expect(within(upload).getByTestId("audit-action-cell").textContent).toBe("Uploaded");
    expect(upload.textContent).toContain("\u2066/team/Opere/scan-3.jpg\u2069");
    expect(upload.textContent).toContain("Request req-1");
    expect(upload.textContent).toContain("192.0.2.7");
    expect(upload.querySelector("time")?.getAttribute("datetime")).toBe(ENTRIES[0]!.time);
    expect(within(move).getByTestId("audit-path-cell").textContent).toBe(
      "\u2066/team/a.tex\u2069 →to \u2066/team/Archivio/a.tex\u2069",
    );
    expect(within(failed).getByTestId("audit-action-cell").textContent).toBe("Failed login");
    expect(failed.textContent).toContain("carla");
    // A line nobody signed in wrote (the command line) names no one.
    expect(within(failed).getByTestId("audit-user-cell").textContent).toBe("—");
    // A long request id is cut, whole in its title.
    const request = within(move).getByTestId("audit-request");
    expect(request.textContent).toBe("Request 7c32bd18…");
    expect(request.title).toBe("7c32bd18-293e-4b24-97dd-c349638114f9");
    // Cells carry their labels for the narrow screens' cards.
    expect(within(upload).getByTestId("audit-action-cell").dataset.label).toBe("Action");
  });

  it("filters by user and action (after a pause, or at once with Enter), and clears", async () => {
    serve();
    renderPage();
    await screen.findAllByTestId("audit-row");
    const action = screen.getByTestId("audit-action");
    expect(within(action).getAllByRole("option")).toHaveLength(23);
    expect(within(action).getByRole("option", { name: "Any action" })).toBeTruthy();
    fireEvent.change(action, { target: { value: "upload" } });
    await waitFor(() => expect(users()).toEqual(["ada"]));
    expect(auditUrls().at(-1)).toBe("?action=upload&limit=200");

    fireEvent.change(action, { target: { value: "" } });
    const user = screen.getByTestId("audit-user");
    fireEvent.change(user, { target: { value: "bruno" } });
    fireEvent.submit(user.closest("form")!);
    await waitFor(() => expect(users()).toEqual(["bruno"]));
    expect(auditUrls()).toContain("?user=bruno&limit=200");

    fireEvent.change(user, { target: { value: "nobody" } });
    expect((await screen.findByTestId("audit-empty")).textContent).toBe(
      "No entry matches these filters.",
    );
    fireEvent.click(screen.getByTestId("audit-reset"));
    await waitFor(() => expect(users()).toHaveLength(3));
    expect(screen.getByTestId<HTMLInputElement>("audit-user").value).toBe("");
  });

  it("sends the days as the start of the first and the end of the last", async () => {
    serve();
    renderPage();
    await screen.findAllByTestId("audit-row");
    fireEvent.change(screen.getByTestId("audit-since"), { target: { value: "2026-11-01" } });
    fireEvent.change(screen.getByTestId("audit-until"), { target: { value: "2026-11-30" } });
    fireEvent.change(screen.getByTestId("audit-path"), { target: { value: "/team/" } });
    await waitFor(() => expect(auditUrls().at(-1)).toContain("until="));
    const query = new URLSearchParams(auditUrls().at(-1));
    expect(query.get("since")).toBe(new Date(2026, 10, 1).toISOString());
    expect(query.get("until")).toBe(new Date(2026, 10, 30, 23, 59, 59, 999).toISOString());
    expect(query.get("path")).toBe("/team/");
  });

  it("exports what the filters show, as CSV or JSON, with the session's token", async () => {
    serve();
    const saved: { name: string; blob: Blob }[] = [];
    const blobs = new Map<string, Blob>();
    vi.stubGlobal(
      "URL",
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          const url = `blob:test/${blobs.size}`;
          blobs.set(url, blob);
          return url;
        },
        revokeObjectURL: () => undefined,
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, blob: blobs.get(this.href)! });
    });
    renderPage();
    await screen.findAllByTestId("audit-row");
    fireEvent.change(screen.getByTestId("audit-action"), { target: { value: "upload" } });
    await waitFor(() => expect(users()).toEqual(["ada"]));

    fireEvent.click(screen.getByTestId("audit-export-csv"));
    await waitFor(() => expect(saved).toHaveLength(1));
    const call = fetchMock.mock.calls.at(-1)!;
    expect(new URL(urlOf(call[0]), "http://host").search).toBe(
      "?action=upload&limit=100000&format=csv",
    );
    expect(new Headers(call[1]?.headers).get("X-Auth")).toBe("t.o.k");
    expect(saved[0]!.name).toBe(exportName("csv"));
    expect(await saved[0]!.blob.text()).toBe(CSV);

    fireEvent.click(screen.getByTestId("audit-export-json"));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]!.name).toMatch(/^scriptorium-audit-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(await saved[1]!.blob.text())).toEqual([ENTRIES[0]]);
  });

  it("says when an export fails, and when the log cannot be loaded", async () => {
    serve();
    renderPage();
    await screen.findAllByTestId("audit-row");
    fetchMock.mockResolvedValue(Response.json({ message: "disk on fire" }, { status: 500 }));
    await act(async () => {
      fireEvent.click(screen.getByTestId("audit-export-csv"));
      await Promise.resolve();
    });
    await waitFor(() => expect(useToastStore.getState().toasts).toHaveLength(1));
    expect(useToastStore.getState().toasts[0]!.kind).toBe("error");
    fireEvent.change(screen.getByTestId("audit-action"), { target: { value: "delete" } });
    expect((await screen.findByTestId("audit-error")).textContent).toContain(
      "The activity log could not be loaded.",
    );
  });
});

describe("the audit form", () => {
  it("turns days into instants, and leaves out what is not set", () => {
    expect(dayBound("2026-11-01", false)).toBe(new Date(2026, 10, 1).toISOString());
    expect(dayBound("2026-11-01", true)).toBe(new Date(2026, 10, 1, 23, 59, 59, 999).toISOString());
    expect(dayBound("", false)).toBe("");
    expect(dayBound("1st of May", false)).toBe("");
    expect(
      formFilters({ user: " ada ", action: "", path: " ", since: "", until: "2026-02-30x" }),
    ).toEqual({ user: "ada", action: "", path: "", since: "", until: "" });
    expect(exportName("json", new Date(2026, 0, 5))).toBe("scriptorium-audit-2026-01-05.json");
  });
});
