import { diffTexts, type TokenUser, type Version } from "@scriptorium/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../app/register-prompts";
import "../../app/file-views";
import { PromptHost, showPrompt, usePromptStore } from "../../prompts";
import { useAuthStore } from "../../state/auth-store";
import { useToastStore } from "../../state/toast-store";
import { Toaster } from "../toasts/Toaster";
import { useEditorHistory } from "./editor-history";
import { HistoryDialog } from "./HistoryDialog";

const fetchMock = vi.fn<typeof fetch>();
const urlOf = (input: RequestInfo | URL | undefined) =>
  input instanceof Request ? input.url : (input?.toString() ?? "");

const HOUR = 3600_000;
const PATH = "/Opere/varia.tex";

/** Contents of the file: two versions and the file as it is now (real Mauro-TeX lines). */
const CONTENTS: Record<string, string> = {
  v1: [
    "\\par",
    "frequens: ‘Quamquam sentio \\VV{{N/Bas:quanta}{G/L:quanto}} hoc cum offensione",
    ...Array.from({ length: 20 }, (_, k) => `riga ${k + 1}`),
    "\\VV{{A/B:r}{C:s}} insuave audientibus aut odiosum",
  ].join("\n"),
  v2: "\\par\nnobis dicturi sumus\n",
  current: [
    "\\par",
    "frequens: ‘Quamquam sentio \\VV{{N/Bas:quanta}{G/L:quantum}} hoc cum offensione",
    ...Array.from({ length: 20 }, (_, k) => `riga ${k + 1}`),
    "\\VV{{A:r}{B/C:s}} insuave audientibus vel odiosum",
  ].join("\n"),
};

const version = (patch: Partial<Version>): Version => ({
  id: "v1",
  modified: new Date(Date.now() - 3 * HOUR).toISOString(),
  size: 2048,
  author: "ada",
  label: null,
  ...patch,
});

let versions: Version[] = [];

/** A stand-in for the history routes of PATH, its diffs made by the real diff engine. */
function serve() {
  fetchMock.mockImplementation((input, init) => {
    const url = new URL(urlOf(input), "http://host");
    const method = init?.method ?? "GET";
    if (decodeURIComponent(url.pathname) !== `/api/history${PATH}`) {
      return Promise.resolve(Response.json({ message: "not found" }, { status: 404 }));
    }
    const id = url.searchParams.get("version");
    const diff = url.searchParams.get("diff");
    if (method === "GET" && diff) {
      const [from = "", to = ""] = diff.split(",");
      const context = Number(url.searchParams.get("context") ?? "3");
      const result = diffTexts(CONTENTS[from] ?? "", CONTENTS[to] ?? "", {
        context,
        maurotex: true,
      });
      return Promise.resolve(Response.json({ from, to, binary: false, ...result }));
    }
    if (method === "GET") return Promise.resolve(Response.json(versions));
    if (method === "POST" && id && url.searchParams.get("action") === "restore") {
      return Promise.resolve(Response.json({ path: PATH }));
    }
    if (method === "PUT" && id) {
      const { label } = JSON.parse(init?.body as string) as { label: string };
      versions = versions.map((v) => (v.id === id ? { ...v, label: label || null } : v));
      return Promise.resolve(new Response(null, { status: 204 }));
    }
    return Promise.resolve(Response.json({ message: "bad" }, { status: 400 }));
  });
}

const requests = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? "GET") === method)
    .map(([input]) => {
      const url = new URL(urlOf(input), "http://host");
      return decodeURIComponent(url.pathname + url.search);
    });

function renderWith(children: React.ReactNode) {
  useAuthStore.setState({
    jwt: "t.o.k",
    user: { id: 7, username: "ada", perm: { modify: true, download: true } } as TokenUser,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/files/Opere/"]}>
        {children}
        <PromptHost />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const openDialog = () =>
  renderWith(<HistoryDialog path={PATH} name="varia.tex" onClose={() => undefined} />);

/** Pretends the window is a phone (or not) for `useIsNarrow`. */
function setNarrow(narrow: boolean) {
  vi.stubGlobal(
    "matchMedia",
    (query: string) =>
      ({
        matches: narrow,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  setNarrow(false);
  usePromptStore.setState({ prompts: [] });
  useToastStore.setState({ toasts: [] });
  versions = [
    version({
      id: "v2",
      modified: new Date(Date.now() - HOUR).toISOString(),
      author: "bruno",
      size: 30,
    }),
    version({ id: "v1", label: "Sent to Pisa" }),
  ];
  serve();
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("the history dialog", () => {
  it("lists the versions with when, who, size and label", async () => {
    openDialog();
    const rows = await screen.findAllByTestId("version");
    expect(rows.map((row) => row.dataset.id)).toEqual(["v2", "v1"]);
    expect(within(rows[0]!).getByTestId("version-time").textContent).toBe("1 hour ago");
    expect(within(rows[0]!).getByTestId("version-author").textContent).toBe("by bruno");
    expect(within(rows[0]!).getByTestId("version-size").textContent).toBe("30 B");
    expect(within(rows[1]!).getByTestId("version-label").textContent).toBe("Sent to Pisa");
    expect(within(rows[1]!).getByTestId("version-download").getAttribute("href")).toBe(
      "/api/history/Opere/varia.tex?version=v1&download=1",
    );
    expect(requests("GET")).toEqual([`/api/history${PATH}`]);
  });

  it("shows a diff against the current file with the changed words and readings marked", async () => {
    openDialog();
    const rows = await screen.findAllByTestId("version");
    fireEvent.click(within(rows[1]!).getByTestId("version-compare"));
    const table = await screen.findByTestId("diff-table");
    expect(requests("GET")).toContain(`/api/history${PATH}?diff=v1,current&context=3`);
    expect(table.dataset.layout).toBe("split");
    const words = within(table).getAllByTestId("diff-word");
    expect(words.map((w) => `${w.tagName.toLowerCase()}:${w.textContent}`)).toEqual([
      "del:quanto",
      "ins:quantum",
      "del:/B",
      "del:aut",
      "ins:B/",
      "ins:vel",
    ]);
    const changes = screen.getAllByTestId("reading-change");
    expect(changes).toHaveLength(2);
    expect(within(changes[0]!).getByTestId("reading-sigla").textContent).toBe("sigla: G, L");
    expect(changes[0]!.textContent).toContain("quanto");
    expect(changes[0]!.textContent).toContain("quantum");
    expect(within(changes[1]!).getByTestId("reading-sigla").textContent).toBe("sigla: B");
    expect(changes[1]!.textContent).toContain("line 23");
    expect(screen.getByTestId("diff-sides").textContent).toContain("Current file");
    expect(screen.getByTestId("diff-sides").textContent).toContain("Sent to Pisa");

    // The 14 unchanged lines between the two changes are one row that unfolds them.
    const skip = screen.getByTestId("diff-skip");
    expect(skip.textContent).toBe("Unchanged lines: 14 (show)");
    fireEvent.click(within(skip).getByRole("button"));
    await waitFor(() => expect(screen.queryByTestId("diff-skip")).toBeNull());
    expect(requests("GET")).toContain(`/api/history${PATH}?diff=v1,current&context=14`);
    fireEvent.click(screen.getByTestId("diff-fold"));
    expect(await screen.findByTestId("diff-skip")).toBeTruthy();

    // Inline: the old and the new line one under the other.
    fireEvent.click(screen.getByTestId("diff-layout-inline"));
    const inline = screen.getByTestId("diff-table");
    expect(inline.dataset.layout).toBe("inline");
    const kinds = within(inline)
      .getAllByTestId("diff-line")
      .map((row) => row.dataset.kind);
    expect(kinds.slice(0, 4)).toEqual(["same", "changed-old", "changed-new", "same"]);
    expect(localStorage.getItem("scriptorium.history.layout")).toBe("inline");

    fireEvent.click(screen.getByTestId("history-back"));
    expect(await screen.findAllByTestId("version")).toHaveLength(2);
  });

  it("is inline only on a phone", async () => {
    setNarrow(true);
    openDialog();
    const rows = await screen.findAllByTestId("version");
    fireEvent.click(within(rows[0]!).getByTestId("version-compare"));
    const table = await screen.findByTestId("diff-table");
    expect(table.dataset.layout).toBe("inline");
    expect(screen.queryByTestId("diff-layout-split")).toBeNull();
  });

  it("compares two picked versions, the older first", async () => {
    openDialog();
    const picks = await screen.findAllByTestId("version-pick");
    const compare = screen.getByTestId<HTMLButtonElement>("history-compare-picked");
    expect(compare.disabled).toBe(true);
    fireEvent.click(picks[0]!);
    fireEvent.click(picks[1]!);
    expect(compare.disabled).toBe(false);
    fireEvent.click(compare);
    await screen.findByTestId("diff-table");
    expect(requests("GET")).toContain(`/api/history${PATH}?diff=v1,v2&context=3`);
    expect(screen.queryByTestId("readings")).not.toBeNull();
  });

  it("restores a version after a confirmation", async () => {
    openDialog();
    const rows = await screen.findAllByTestId("version");
    fireEvent.click(within(rows[1]!).getByTestId("version-restore"));
    const confirm = screen.getByTestId("history-restore-confirm");
    expect(confirm.textContent).toContain("kept as a new version");
    expect(requests("POST")).toEqual([]);
    fireEvent.click(screen.getByTestId("history-restore-confirm-button"));
    await waitFor(() =>
      expect(requests("POST")).toEqual([`/api/history${PATH}?version=v1&action=restore`]),
    );
    expect(await screen.findByText("Version restored")).toBeTruthy();
  });

  it("adds, changes and removes a label", async () => {
    openDialog();
    const rows = await screen.findAllByTestId("version");
    fireEvent.click(within(rows[0]!).getByTestId("version-label-edit"));
    const input = screen.getByTestId<HTMLInputElement>("version-label-input");
    fireEvent.change(input, { target: { value: "  Prima bozza " } });
    fireEvent.click(screen.getByTestId("version-label-save"));
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId("version")[0]!).getByTestId("version-label").textContent,
      ).toBe("Prima bozza"),
    );
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(JSON.parse(put?.[1]?.body as string)).toEqual({ label: "Prima bozza" });
    fireEvent.click(
      within(screen.getAllByTestId("version")[1]!).getByTestId("version-label-remove"),
    );
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId("version")[1]!).queryByTestId("version-label"),
      ).toBeNull(),
    );
    expect(requests("PUT")).toEqual([
      `/api/history${PATH}?version=v2`,
      `/api/history${PATH}?version=v1`,
    ]);
  });

  it("says when a file has no versions", async () => {
    versions = [];
    openDialog();
    expect((await screen.findByTestId("history-empty")).textContent).toContain(
      "No earlier versions",
    );
  });

  it("hides restore and labels without the modify permission", async () => {
    openDialog();
    useAuthStore.setState({
      user: { id: 8, username: "guest", perm: { modify: false, download: false } } as TokenUser,
    });
    const rows = await screen.findAllByTestId("version");
    expect(within(rows[0]!).queryByTestId("version-restore")).toBeNull();
    expect(within(rows[0]!).queryByTestId("version-label-edit")).toBeNull();
    expect(within(rows[0]!).queryByTestId("version-download")).toBeNull();
    expect(within(rows[0]!).getByTestId("version-compare")).toBeTruthy();
  });
});

describe("the info dialog's history section", () => {
  it("lists a file's versions and opens a comparison above it", async () => {
    renderWith(null);
    showPrompt({
      name: "info",
      item: {
        path: PATH,
        name: "varia.tex",
        size: 100,
        extension: ".tex",
        modified: new Date().toISOString(),
        mode: 420,
        isDir: false,
        isSymlink: false,
        type: "text",
      },
    });
    const section = await screen.findByTestId("info-history");
    const rows = await within(section).findAllByTestId("version");
    expect(rows).toHaveLength(2);
    fireEvent.click(within(rows[1]!).getByTestId("version-compare"));
    const dialog = await screen.findByTestId("history-dialog");
    expect(await within(dialog).findByTestId("diff-table")).toBeTruthy();
    expect(screen.getByTestId("prompt-info")).toBeTruthy();
  });

  it("is not shown for a folder", async () => {
    renderWith(null);
    showPrompt({
      name: "info",
      item: {
        path: "/Opere/",
        name: "Opere",
        size: 0,
        extension: "",
        modified: new Date().toISOString(),
        mode: 2147484141,
        isDir: true,
        isSymlink: false,
        type: "",
        numDirs: 0,
        numFiles: 1,
      },
    });
    await screen.findByTestId("prompt-info");
    expect(screen.queryByTestId("info-history")).toBeNull();
  });
});

describe("the editor's History button", () => {
  function EditorBar({ saveIfDirty }: { saveIfDirty: () => Promise<boolean> }) {
    return (
      <>{useEditorHistory({ path: PATH, name: "varia.tex", saveIfDirty, text: () => "" }).bar}</>
    );
  }

  it("saves unsaved changes before it opens the history", async () => {
    const saveIfDirty = vi.fn(() => Promise.resolve(true));
    renderWith(<EditorBar saveIfDirty={saveIfDirty} />);
    fireEvent.click(screen.getByTestId("editor-history"));
    expect(await screen.findAllByTestId("version")).toHaveLength(2);
    expect(saveIfDirty).toHaveBeenCalledTimes(1);
  });

  it("stays closed when the changes could not be saved", async () => {
    const saveIfDirty = vi.fn(() => Promise.resolve(false));
    renderWith(<EditorBar saveIfDirty={saveIfDirty} />);
    fireEvent.click(screen.getByTestId("editor-history"));
    await waitFor(() => expect(saveIfDirty).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId("versions")).toBeNull();
    expect(requests("GET")).toEqual([]);
  });
});
