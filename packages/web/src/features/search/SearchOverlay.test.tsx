import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pressEscape } from "../../test/press-escape";
import {
  answer,
  failure,
  fetchMock,
  renderPage,
  resetSearchPage,
  results,
  sentQuery,
  serve,
  urlOf,
} from "./search-test-harness";
import { INDEX_REFRESH_MS, SEARCH_DEBOUNCE_MS } from "./use-search";

const overlay = () => screen.getByTestId("search");
const input = () => screen.getByTestId<HTMLInputElement>("search-input");
const shownPaths = () => screen.queryAllByTestId("search-result").map((el) => el.dataset.path);
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

async function openWithCtrlF() {
  fireEvent.keyDown(document.body, { key: "f", ctrlKey: true });
  return screen.findByTestId("search");
}

beforeEach(() => resetSearchPage());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("opening and closing", () => {
  it("Ctrl+F and Cmd+F open the overlay with the field focused; Escape closes it", async () => {
    renderPage();
    await openWithCtrlF();
    expect(document.activeElement).toBe(input());
    expect(overlay().textContent).toContain("In \u2066/Opere/\u2069");
    pressEscape();
    expect(screen.queryByTestId("search")).toBeNull();

    fireEvent.keyDown(document.body, { key: "f", metaKey: true });
    expect(await screen.findByTestId("search")).toBeTruthy();
  });

  it("is the first header action, and searches the root away from a listing", async () => {
    resetSearchPage(null);
    serve([{ dir: false, path: "Opere/a.tex" }]);
    renderPage("/files/Opere/a.tex");
    const actions = screen.getByTestId("header-actions");
    const first = within(actions).getAllByRole("button")[0]!;
    expect(first.dataset.testid).toBe("action-search");
    fireEvent.click(first);
    type("a.tex");
    await screen.findByTestId("search-result");
    expect(urlOf(fetchMock.mock.calls[0]?.[0]).pathname).toBe("/api/search/");
    expect(sentQuery(0).get("query")).toBe("a.tex");
  });

  it("keeps the page's shortcuts off while it is open", async () => {
    renderPage();
    await openWithCtrlF();
    fireEvent.keyDown(input(), { key: "F1" });
    fireEvent.keyDown(overlay(), { key: "Delete" });
    expect(screen.queryByTestId("prompt-help")).toBeNull();
    expect(screen.queryByTestId("prompt-delete")).toBeNull();
  });
});

describe("queries", () => {
  it("waits for a pause in typing, then sends the folder with a slash and the query encoded", async () => {
    vi.useFakeTimers();
    renderPage();
    fireEvent.keyDown(document.body, { key: "f", ctrlKey: true });
    type("a");
    type("a b&c");
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 10));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const raw = urlOf(fetchMock.mock.calls[0]?.[0]);
    expect(raw.pathname).toBe("/api/search/Opere/");
    expect(raw.search).toBe("?query=a%20b%26c");
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toEqual({ "X-Auth": "t0k3n" });
  });

  it("aborts the request of an older query; Enter sends at once", async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));
    renderPage();
    fireEvent.keyDown(document.body, { key: "f", ctrlKey: true });
    type("lett");
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    const first = fetchMock.mock.calls[0]?.[1]?.signal;
    expect(first?.aborted).toBe(false);
    type("lettera");
    expect(first?.aborted).toBe(true);
    fireEvent.submit(input());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sentQuery(1).get("query")).toBe("lettera");
  });

  it("type buttons add and remove type:…; 'inside files' adds content=true", async () => {
    renderPage();
    await openWithCtrlF();
    type("folio");
    fireEvent.click(screen.getByTestId("search-type-image"));
    expect(input().value).toBe("folio type:image");
    expect(screen.getByTestId("search-type-image").getAttribute("aria-pressed")).toBe("true");
    expect(document.activeElement).toBe(input());
    fireEvent.click(screen.getByTestId("search-type-pdf"));
    expect(input().value).toBe("folio type:image type:pdf");
    fireEvent.click(screen.getByTestId("search-type-image"));
    expect(input().value).toBe("folio type:pdf");
    fireEvent.click(screen.getByTestId("search-content"));
    await waitFor(() =>
      expect(sentQuery(fetchMock.mock.calls.length - 1).get("content")).toBe("true"),
    );
    expect(sentQuery(fetchMock.mock.calls.length - 1).get("query")).toBe("folio type:pdf");
  });
});

describe("answers", () => {
  it("shows 50 results, then 50 more each time the list is scrolled within 100 px of its bottom", async () => {
    serve(results(120));
    renderPage();
    await openWithCtrlF();
    type("voce");
    await waitFor(() => expect(shownPaths()).toHaveLength(50));
    expect(screen.getByTestId("search-summary").textContent).toContain("Results: 120");
    const list = screen.getByTestId("search-results");
    Object.defineProperty(list, "scrollHeight", { value: 5000, configurable: true });
    Object.defineProperty(list, "clientHeight", { value: 400, configurable: true });
    list.scrollTop = 4000;
    fireEvent.scroll(list);
    expect(shownPaths()).toHaveLength(50);
    list.scrollTop = 4500;
    fireEvent.scroll(list);
    expect(shownPaths()).toHaveLength(100);
    fireEvent.scroll(list);
    expect(shownPaths()).toHaveLength(120);
  });

  it("links each result into the folder; a click opens it and closes the overlay", async () => {
    serve([
      { dir: true, path: "Libro I/tavole" },
      { dir: false, path: "Libro I/a b#1.tex" },
    ]);
    renderPage();
    await openWithCtrlF();
    type("a");
    const [folder, file] = await screen.findAllByTestId("search-result");
    expect(folder?.getAttribute("href")).toBe("/files/Opere/Libro%20I/tavole/");
    expect(file?.getAttribute("href")).toBe("/files/Opere/Libro%20I/a%20b%231.tex");
    expect(folder?.querySelector("svg")).toBeTruthy();
    fireEvent.click(file!);
    expect(screen.getByTestId("location").textContent).toBe("/files/Opere/Libro%20I/a%20b%231.tex");
    expect(screen.queryByTestId("search")).toBeNull();
  });

  it("moves with the arrow keys and opens the focused result with Enter", async () => {
    serve(results(3));
    renderPage();
    await openWithCtrlF();
    type("voce");
    const links = await screen.findAllByTestId("search-result");
    fireEvent.keyDown(input(), { key: "ArrowDown" });
    expect(document.activeElement).toBe(links[0]);
    fireEvent.keyDown(links[0]!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(links[1]);
    fireEvent.keyDown(links[1]!, { key: "ArrowUp" });
    fireEvent.keyDown(links[0]!, { key: "ArrowUp" });
    expect(document.activeElement).toBe(input());
    // A focused link opens on Enter as on a click (the browser turns the key into a click).
    fireEvent.click(links[2]!);
    expect(screen.getByTestId("location").textContent).toBe("/files/Opere/voce-3.txt");
  });

  it("shows full-text snippets as text with the query's words marked, witnesses, and the line", async () => {
    serve([
      {
        dir: false,
        path: "Opuscula/cosmographia.tex",
        line: 12,
        snippet: '<img src=x onerror="alert(1)"> \\VV{{A:Lettera}{B:epistola}} lettera',
        witnesses: ["A", "C"],
      },
    ]);
    renderPage();
    await openWithCtrlF();
    fireEvent.click(screen.getByTestId("search-content"));
    type("lettera");
    const result = await screen.findByTestId("search-result");
    expect(result.getAttribute("href")).toBe("/files/Opere/Opuscula/cosmographia.tex?line=12");
    const snippet = within(result).getByTestId("search-snippet");
    expect(snippet.querySelector("img")).toBeNull();
    expect(snippet.textContent).toContain('<img src=x onerror="alert(1)">');
    expect([...snippet.querySelectorAll("mark")].map((m) => m.textContent)).toEqual([
      "Lettera",
      "lettera",
    ]);
    expect(within(result).getByTestId("search-witnesses").textContent).toBe("Witnesses: A, C");
    expect(result.textContent).toContain("line 12");
    fireEvent.click(result);
    expect(screen.getByTestId("location").textContent).toBe(
      "/files/Opere/Opuscula/cosmographia.tex?line=12",
    );
  });

  it("says how far the index is while the server builds it", async () => {
    serve(() => answer(results(2), { "X-Search-Index": "building", "X-Search-Indexed": "12345" }));
    renderPage();
    await openWithCtrlF();
    type("voce");
    expect((await screen.findByTestId("search-indexing")).textContent).toBe(
      "Indexing… 12,345 entries so far",
    );
    expect(shownPaths()).toHaveLength(2);
  });

  it("asks again while the index is being built, until it is ready", async () => {
    vi.useFakeTimers();
    let calls = 0;
    serve(() => {
      calls += 1;
      return calls === 1
        ? answer([], { "X-Search-Index": "building", "X-Search-Indexed": "900" })
        : answer(results(1), { "X-Search-Index": "ready", "X-Search-Indexed": "4000" });
    });
    renderPage();
    fireEvent.keyDown(document.body, { key: "f", ctrlKey: true });
    type("voce");
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    expect(screen.getByTestId("search-indexing").textContent).toBe("Indexing… 900 entries so far");
    await act(() => vi.advanceTimersByTimeAsync(INDEX_REFRESH_MS));
    // The new round is drawn once act() ends; its request leaves on the next tick.
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId("search-indexing")).toBeNull();
    expect(shownPaths()).toEqual(["voce-1.txt"]);
    await act(() => vi.advanceTimersByTimeAsync(INDEX_REFRESH_MS * 3));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("shows the server's message, and 'not available yet' for full text answering 501", async () => {
    serve((url) =>
      url.searchParams.get("content") === "true"
        ? failure(501, "NOT_IMPLEMENTED", "Full-text search is not enabled")
        : failure(400, "BAD_REQUEST", "The query is too long: at most 1000 characters"),
    );
    renderPage();
    await openWithCtrlF();
    type("x".repeat(1001));
    expect((await screen.findByTestId("search-error")).textContent).toBe(
      "The query is too long: at most 1000 characters",
    );
    fireEvent.click(screen.getByTestId("search-content"));
    await waitFor(() =>
      expect(screen.getByTestId("search-error").textContent).toBe(
        "Searching inside files is not available yet",
      ),
    );
  });

  it("says when nothing is found", async () => {
    renderPage();
    await openWithCtrlF();
    type("nothing");
    await waitFor(() =>
      expect(screen.getByTestId("search-summary").textContent).toBe("No results"),
    );
  });
});
