import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { OutlinePanel } from "./OutlinePanel";

const ITEMS = [
  { kind: "Title", title: "De centris", level: 0, line: 10 },
  { kind: "Capitolo", title: "Primo", level: 1, line: 11 },
  { kind: "Sottocapitolo", title: "Lemma", level: 2, line: 80 },
];

describe("outline panel", () => {
  it("lists the parts indented by level, marks the current one, and goes to a part on click", () => {
    const onSelect = vi.fn();
    render(<OutlinePanel items={ITEMS} current={1} onSelect={onSelect} onClose={() => {}} />);
    const entries = screen.getAllByTestId("editor-outline-entry");
    expect(entries.map((e) => e.textContent)).toEqual([
      "De centrisTitle",
      "PrimoCapitolo",
      "LemmaSottocapitolo",
    ]);
    expect(entries.map((e) => e.getAttribute("aria-current"))).toEqual([null, "location", null]);
    const indent = entries.map((e) => parseFloat(e.style.paddingInlineStart));
    expect(indent[0]).toBeLessThan(indent[1] ?? 0);
    expect(indent[1]).toBeLessThan(indent[2] ?? 0);
    expect(entries[2]?.title).toBe("Go to line 80");
    fireEvent.click(entries[2] as HTMLElement);
    expect(onSelect).toHaveBeenCalledWith(2);
  });

  it("says when the document has no parts, and when it is not read yet", () => {
    const { rerender } = render(
      <OutlinePanel items={null} current={-1} onSelect={() => {}} onClose={() => {}} />,
    );
    expect(screen.getByText("Reading the document…")).toBeTruthy();
    rerender(<OutlinePanel items={[]} current={-1} onSelect={() => {}} onClose={() => {}} />);
    expect(screen.getByTestId("editor-outline-empty").textContent).toBe(
      "No parts found in this document.",
    );
  });
});
