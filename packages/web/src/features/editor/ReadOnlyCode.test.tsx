import { render, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { LazyReadOnlyCode } from "./LazyReadOnlyCode";

// jsdom does no layout; CodeMirror measures text ranges.
beforeAll(() => {
  const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Object.assign(Range.prototype, {
    getClientRects: emptyRects,
    getBoundingClientRect: () => new DOMRect(),
  });
});

/** The view's content, once CodeMirror has mounted it (in an effect, after the host renders). */
const contentOf = (view: HTMLElement) =>
  waitFor(() => {
    const content = view.querySelector<HTMLElement>(".cm-content");
    expect(content).not.toBeNull();
    return content as HTMLElement;
  });

const TEX = "% TODO controllare\n\\VV{{A:unus}{B:duo}}\n";

describe("the read-only highlighted view (the share page's text preview)", () => {
  it("shows the text at once, then in CodeMirror, read only, labelled, highlighted", async () => {
    render(<LazyReadOnlyCode text={TEX} name="liber.tex" label="Text of liber.tex" />);
    expect(screen.getByLabelText("Text of liber.tex").textContent).toContain("\\VV");
    const view = await screen.findByTestId("read-only-code");
    const content = await contentOf(view);
    expect(content.getAttribute("aria-label")).toBe("Text of liber.tex");
    expect(content.getAttribute("contenteditable")).toBe("false");
    expect(content.getAttribute("tabindex")).toBe("0");
    expect(content.textContent).toContain("% TODO controllare");
    // The Mauro-TeX language's tokens are wrapped in highlighted spans.
    await waitFor(() =>
      expect(content.querySelectorAll(".cm-line span").length).toBeGreaterThan(1),
    );
    expect(view.querySelector(".cm-lineNumbers")).not.toBeNull();
  });

  it("a name without a known language: plain text, no highlighting", async () => {
    render(<LazyReadOnlyCode text="plain words" name="notes" label="Text of notes" />);
    const view = await screen.findByTestId("read-only-code");
    expect((await contentOf(view)).textContent).toBe("plain words");
    expect(view.querySelectorAll(".cm-line span")).toHaveLength(0);
  });
});
