import type { ActivityEntry } from "@scriptorium/shared";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getAction, type ActionContext } from "../../actions";
import { apiCall } from "../../api/client";
import { StatusError } from "../../api/errors";
import { showPrompt, usePromptStore } from "../../prompts";
import { fakeServer, renderAt, resetFilesPage } from "../files/files-test-harness";
import { FakeEventSource } from "./fake-event-source";
import { ACTIVITY_PAGE } from "./ActivityDialog";
import { relativePath } from "./ActivityList";

vi.mock("../../api/client", () => ({ apiCall: vi.fn(), apiUrl: (path: string) => path }));

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();
const entry = (patch: Partial<ActivityEntry>): ActivityEntry => ({
  time: ago(2),
  user: "bruno",
  action: "upload",
  path: "/Opere/Libro I/scan-3.jpg",
  ...patch,
});

const ENTRIES: ActivityEntry[] = [
  entry({}),
  entry({ time: ago(60), user: "ada", action: "rename", path: "/Opere/a.tex", to: "/Opere/b.tex" }),
  entry({ time: ago(120), user: "", action: "drop", path: "/Opere/inbox/lettera.pdf" }),
  entry({ time: ago(180), user: "ada", action: "tool", path: "/Opere/b.tex", detail: "m2hv: 0" }),
  // Moved into the trash by the command line: nobody signed in.
  entry({ time: ago(200), user: "", action: "delete", path: "/Opere/vecchio.tex" }),
  // Moved out of a folder the viewer may not see: only where it went.
  entry({ time: ago(240), user: "ada", action: "move", path: "", to: "/Opere/pubblico.tex" }),
];

/** The activity route over `entries`, giving the `limit` newest; the other routes as before. */
function serveActivity(entries: readonly ActivityEntry[] | Error) {
  fakeServer();
  const files = vi.mocked(apiCall).getMockImplementation();
  vi.mocked(apiCall).mockImplementation(((
    name: string,
    options?: { query?: Record<string, string> },
  ) => {
    if (name !== "getActivity") {
      return (files as (name: string, options: unknown) => Promise<unknown>)(name, options);
    }
    if (entries instanceof Error) return Promise.reject(entries);
    return Promise.resolve(entries.slice(0, Number(options?.query?.limit)));
  }) as typeof apiCall);
}

const activityCalls = () =>
  vi.mocked(apiCall).mock.calls.filter(([name]) => name === "getActivity") as unknown as [
    string,
    { path: string; query: Record<string, string> },
  ][];

async function openActivity() {
  const router = renderAt("/files/Opere/");
  await screen.findByTestId("listing");
  act(() => showPrompt({ name: "activity", folder: "/Opere/" }));
  return router;
}

beforeEach(() => {
  resetFilesPage();
  FakeEventSource.install();
});

afterEach(() => {
  vi.mocked(apiCall).mockReset();
  vi.unstubAllGlobals();
});

describe("a folder's activity", () => {
  it("lists who did what where, newest first, paths from the folder, times relative", async () => {
    serveActivity(ENTRIES);
    await openActivity();
    const dialog = await screen.findByTestId("prompt-activity");
    expect(within(dialog).getByText(/What happened in/).textContent).toBe(
      "What happened in \u2066/Opere/\u2069 and below it, newest first.",
    );
    const lines = await within(dialog).findAllByTestId("activity-entry");
    expect(activityCalls()).toEqual([
      ["getActivity", expect.objectContaining({ path: "/Opere/", query: { limit: "50" } })],
    ]);
    expect(lines.map((line) => line.dataset.action)).toEqual([
      "upload",
      "rename",
      "drop",
      "tool",
      "delete",
      "move",
    ]);
    const [upload, rename, drop, tool] = lines as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(upload).getByTestId("activity-user").textContent).toBe("bruno");
    expect(within(upload).getByTestId("activity-action").textContent).toBe("Uploaded");
    expect(within(upload).getByTestId("activity-path").textContent).toBe(
      "\u2066Libro I/scan-3.jpg\u2069",
    );
    const time = upload.querySelector("time")!;
    expect(time.textContent).toBe("2 minutes ago");
    expect(time.title).toMatch(/\d{4}/);
    // A rename: the old name (gone, not a link), then where it went.
    const [from, to] = within(rename).getAllByTestId("activity-path");
    expect(from!.tagName).toBe("SPAN");
    expect(to!.getAttribute("href")).toBe("/files/Opere/b.tex");
    expect(rename.textContent).toContain("a.tex\u2069→to\u2066b.tex");
    expect(within(drop).getByTestId("activity-user").textContent).toBe("A visitor");
    expect(within(drop).getByTestId("activity-action").textContent).toBe("Drop-box arrival");
    expect(tool.textContent).toContain("m2hv: 0");
    expect(within(lines[4]!).getByTestId("activity-user").textContent).toBe("—");
    const paths = within(lines[5]!).getAllByTestId("activity-path");
    expect(paths.map((path) => path.textContent)).toEqual(["\u2066pubblico.tex\u2069"]);
    expect(lines[5]!.textContent).toContain("→");
    expect(screen.queryByTestId("activity-more")).toBeNull();
  });

  it("opens a path and closes", async () => {
    serveActivity(ENTRIES);
    const router = await openActivity();
    const [upload] = await screen.findAllByTestId("activity-entry");
    fireEvent.click(within(upload!).getByTestId("activity-path"));
    await waitFor(() => expect(screen.queryByTestId("prompt-activity")).toBeNull());
    expect(decodeURI(router.state.location.pathname)).toBe("/files/Opere/Libro I/scan-3.jpg");
  });

  it("shows older entries on demand, while a full page may hide more", async () => {
    const many = Array.from({ length: ACTIVITY_PAGE + 7 }, (_, i) =>
      entry({ time: ago(i), path: `/Opere/f${i}.txt` }),
    );
    serveActivity(many);
    await openActivity();
    await waitFor(() =>
      expect(screen.getAllByTestId("activity-entry")).toHaveLength(ACTIVITY_PAGE),
    );
    fireEvent.click(screen.getByTestId("activity-more"));
    await waitFor(() =>
      expect(screen.getAllByTestId("activity-entry")).toHaveLength(ACTIVITY_PAGE + 7),
    );
    expect(activityCalls().map(([, options]) => options.query.limit)).toEqual(["50", "100"]);
    expect(screen.queryByTestId("activity-more")).toBeNull();
  });

  it("says when nothing happened, and when the activity cannot be loaded", async () => {
    serveActivity([]);
    await openActivity();
    expect((await screen.findByTestId("activity-empty")).textContent).toBe(
      "Nothing has happened here yet.",
    );
    act(() => usePromptStore.setState({ prompts: [] }));
    serveActivity(new StatusError("boom", 500));
    act(() => showPrompt({ name: "activity", folder: "/Altro/" }));
    expect((await screen.findByTestId("activity-error")).textContent).toContain(
      "The activity could not be loaded.",
    );
  });

  it("is an action of a folder listing with nothing selected", () => {
    const action = getAction("activity")!;
    const ctx = (patch: Partial<ActionContext>) =>
      ({ selectedCount: 0, ...patch }) as ActionContext;
    const listing = { path: "/Opere", resource: { isDir: true } } as ActionContext["current"];
    const file = { path: "/a.tex", resource: { isDir: false } } as ActionContext["current"];
    expect(action.placements).toEqual(["header"]);
    expect(action.isVisible(ctx({ current: listing }))).toBe(true);
    expect(action.isVisible(ctx({ current: listing, selectedCount: 1 }))).toBe(false);
    expect(action.isVisible(ctx({ current: file }))).toBe(false);
    expect(action.isVisible(ctx({ current: null }))).toBe(false);
    const show = vi.fn();
    void action.perform(ctx({ current: listing, showPrompt: show }));
    expect(show).toHaveBeenCalledWith({ name: "activity", folder: "/Opere/" });
  });
});

describe("relativePath", () => {
  it("shows a path from the folder, the folder itself by its name", () => {
    expect(relativePath("/Opere/Libro I/a.tex", "/Opere/")).toBe("Libro I/a.tex");
    expect(relativePath("/Opere/", "/Opere/")).toBe("Opere");
    expect(relativePath("/Opere", "/Opere/")).toBe("Opere");
    expect(relativePath("/", "/")).toBe("/");
    expect(relativePath("/Altro/x", "/Opere/")).toBe("/Altro/x");
  });
});
