import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fetchMock, renderPage, resetSearchPage, sentQuery, serve } from "./search-test-harness";

const input = () => screen.getByTestId<HTMLInputElement>("search-input");
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const marks = (el: HTMLElement) => [...el.querySelectorAll("mark")].map((m) => m.textContent);

async function open() {
  fireEvent.keyDown(document.body, { key: "f", ctrlKey: true });
  return screen.findByTestId("search");
}

beforeEach(() => resetSearchPage());
afterEach(() => vi.unstubAllGlobals());

describe("what the overlay says is searched", () => {
  it("the placeholder names subfolders for names, text and comments", async () => {
    renderPage();
    await open();
    expect(input().placeholder).toBe("Search names in this folder and its subfolders");
    // Always on screen, even where a phone cuts the placeholder.
    expect(screen.getByTestId("search").textContent).toContain(
      "In \u2066/Opere/\u2069 and its subfolders",
    );
    fireEvent.click(screen.getByTestId("search-content"));
    expect(input().placeholder).toBe(
      "Search words inside text files in this folder and its subfolders",
    );
    fireEvent.click(screen.getByTestId("search-comments"));
    expect(input().placeholder).toBe(
      "Search % comments of .tex files in this folder and its subfolders",
    );
  });

  it("the Text chip adds type:text; the comments switch adds comment: and sends it", async () => {
    serve([]);
    renderPage();
    await open();
    const chip = screen.getByTestId("search-type-text");
    expect(chip.textContent).toBe("Text");
    type("lettera");
    fireEvent.click(chip);
    expect(input().value).toBe("lettera type:text");
    expect(chip.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(chip);
    const comments = screen.getByTestId<HTMLInputElement>("search-comments");
    expect(comments.checked).toBe(false);
    fireEvent.click(comments);
    expect(input().value).toBe("comment: lettera");
    expect(comments.checked).toBe(true);
    expect(document.activeElement).toBe(input());
    await waitFor(() =>
      expect(sentQuery(fetchMock.mock.calls.length - 1).get("query")).toBe("comment: lettera"),
    );
    fireEvent.click(comments);
    expect(input().value).toBe("lettera");
    // Typed by hand, the switch follows the query.
    type("comment:TODO");
    expect(comments.checked).toBe(true);
  });
});

describe("results", () => {
  it("a name result marks its letters with accents folded: 'citta' marks 'Città'", async () => {
    serve([{ dir: false, path: "Opere/Città.tex" }]);
    renderPage();
    await open();
    type("citta");
    const result = await screen.findByTestId("search-result");
    expect(marks(result)).toEqual(["Città"]);
  });

  it("a .tex hit shows its whole line with the match marked and the sigla beside it", async () => {
    serve([
      {
        dir: false,
        path: "Opuscula/figura.tex",
        line: 2,
        snippet: "città",
        witnesses: ["A", "B"],
        context: "Nella \\VV{{A/B:città}{C:cittade}} di <b>Messina</b>",
      },
    ]);
    renderPage();
    await open();
    fireEvent.click(screen.getByTestId("search-content"));
    type("citta");
    const result = await screen.findByTestId("search-result");
    const line = within(result).getByTestId("search-snippet");
    expect(line.textContent).toBe("Nella \\VV{{A/B:città}{C:cittade}} di <b>Messina</b>");
    expect(line.querySelector("b")).toBeNull();
    expect(marks(line)).toEqual(["città", "citta"]);
    const sigla = within(result).getByTestId("search-witnesses");
    expect(sigla.textContent).toBe("Witnesses: A, B");
    expect(sigla.parentElement).toBe(line.parentElement);
    expect(within(result).queryByTestId("search-comment")).toBeNull();
  });

  it("a comment hit shows its line and says it is a comment", async () => {
    serve([
      {
        dir: false,
        path: "figura.tex",
        line: 3,
        snippet: "TODO controllare la lezione",
        context: "% TODO controllare la lezione",
        comment: true,
      },
    ]);
    renderPage();
    await open();
    type("comment:controllare");
    const result = await screen.findByTestId("search-result");
    expect(within(result).getByTestId("search-comment").textContent).toBe("Comment");
    const line = within(result).getByTestId("search-snippet");
    expect(line.textContent).toBe("% TODO controllare la lezione");
    expect(marks(line)).toEqual(["controllare"]);
  });
});
