import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useActionContext, useActionShortcuts } from "../../actions";
import { apiCall } from "../../api/client";
import { FilesPage } from "../../features/files/FilesPage";
import { resetFilesPage, row } from "../../features/files/files-test-harness";
import i18n, { loadLocale } from "../../i18n";
import { PromptHost } from "../../prompts";
import { HeaderActions } from "./HeaderActions";

vi.mock("../../api/client", () => ({
  apiCall: vi.fn(),
  apiUrl: (path: string) => path,
  reportUnauthorized: vi.fn(),
  requestTokenRenewal: vi.fn(),
}));

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

function Shell() {
  useActionShortcuts(useActionContext());
  return (
    <>
      <HeaderActions />
      <FilesPage />
      <PromptHost />
    </>
  );
}

function renderFiles() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/files/*", element: <Shell /> }], {
    initialEntries: ["/files/Opere/"],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const header = () => within(screen.getByTestId("header-actions"));
/** The header's own buttons (not the items of an open menu), by name. */
const headerButtons = () =>
  header()
    .getAllByRole("button")
    .map((button) => button.getAttribute("aria-label") ?? button.textContent);

beforeEach(() => {
  resetFilesPage();
  setNarrow(false);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(apiCall).mockReset();
});

describe("the header with a selection (1280 px)", () => {
  it("keeps the primary actions as named icon buttons and the others in More actions", async () => {
    renderFiles();
    await screen.findByTestId("listing");
    fireEvent.click(row("a.tex"));
    expect(headerButtons()).toEqual([
      "Search",
      "Share",
      "Rename",
      "Copy",
      "Move",
      "Delete",
      "Switch view",
      "Download 1",
      "Upload",
      "Info",
      "Edition",
      "More actions",
    ]);
    // Each icon button has its name as a tooltip.
    expect(header().getByTestId("action-share").dataset.tooltip).toBe("Share");
    fireEvent.click(header().getByTestId("header-more"));
    const menu = screen.getByRole("menu", { name: "More actions" });
    expect([...menu.querySelectorAll("[role^=menuitem]")].map((item) => item.textContent)).toEqual([
      "Witness views",
      "Shell",
      "Select multiple",
    ]);
    fireEvent.keyDown(menu, { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(header().getByTestId("header-more"));
  });

  it('says "N selected" as text in the selection bar, with the language\'s plural', async () => {
    renderFiles();
    await screen.findByTestId("listing");
    fireEvent.click(row("a.tex"));
    const bar = screen.getByRole("region", { name: "Selection" });
    expect(within(bar).getByTestId("selection-count").textContent).toBe("1 selected");
    // Wide screens: the bar has the count and its clear button; the actions are in the header.
    expect(
      within(bar)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Clear selection"]);
    fireEvent.keyDown(window, { key: "a", ctrlKey: true });
    expect(within(bar).getByTestId("selection-count").textContent).toBe("5 selected");
  });

  it("holds the edition tools in one Edition menu, its items named, that runs a tool", async () => {
    renderFiles();
    await screen.findByTestId("listing");
    fireEvent.click(row("a.tex"));
    const edition = header().getByRole("button", { name: "Edition" });
    expect(edition.getAttribute("aria-haspopup")).toBe("menu");
    fireEvent.click(edition);
    const menu = screen.getByRole("menu", { name: "Edition" });
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "m2hv: compile to HTML",
      "m2lv: compile to LaTeX",
      "m2ledmac: compile for reledmac",
      "pdflatex: make the PDF",
    ]);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.click(items[1]!);
    expect(screen.queryByRole("menu")).toBeNull();
    expect(await screen.findByTestId("prompt-edition-tool")).toBeTruthy();
  });
});

describe('"N selected"', () => {
  it("follows each language's plural rules", async () => {
    await Promise.all(["ru", "ar", "ja"].map(loadLocale));
    const say = (lng: string, count: number) => i18n.t("header.selected", { count, lng });
    expect([1, 2, 5, 21].map((n) => say("en", n))).toEqual([
      "1 selected",
      "2 selected",
      "5 selected",
      "21 selected",
    ]);
    expect([1, 2, 5, 21].map((n) => say("ru", n))).toEqual([
      "Выбран 1 элемент",
      "Выбрано 2 элемента",
      "Выбрано 5 элементов",
      "Выбран 21 элемент",
    ]);
    expect(say("ar", 2)).toBe("2 عنصران محددان");
    expect(say("ja", 3)).toBe("3 件選択中");
  });
});

describe("the phone (≤ 736 px)", () => {
  it("puts the selection's primary actions in the bottom bar, the rest in its menus", async () => {
    setNarrow(true);
    renderFiles();
    await screen.findByTestId("listing");
    fireEvent.click(row("a.tex"));
    const bar = screen.getByTestId("selection-bar");
    expect(
      within(bar)
        .getAllByRole("button")
        .map((b) => b.dataset.testid),
    ).toEqual([
      "selection-action-share",
      "selection-action-rename",
      "selection-action-copy",
      "selection-action-move",
      "selection-action-delete",
      "selection-action-download",
      "selection-action-info",
      "selection-action-clearSelection",
      "selection-edition",
      "selection-more",
    ]);
    fireEvent.click(within(bar).getByTestId("selection-more"));
    const more = screen.getByTestId("selection-more-menu");
    expect(
      [...more.querySelectorAll<HTMLElement>("[role^=menuitem]")].map((i) => i.dataset.testid),
    ).toEqual(["selection-action-witness-views", "selection-action-selectMultiple"]);
    // The header keeps search, and the rest of its actions in More.
    expect(
      header()
        .getAllByRole("button")
        .map((b) => b.dataset.testid),
    ).toEqual(["action-search", "header-more"]);
  });
});
