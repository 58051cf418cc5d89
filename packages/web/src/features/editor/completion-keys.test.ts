import { completionStatus, selectedCompletionIndex } from "@codemirror/autocomplete";
import { EditorState } from "@codemirror/state";
import { EditorView, runScopeHandlers } from "@codemirror/view";
import { waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { mauroTex } from "./mauro-language";
import { editingSetup } from "./setup";

// jsdom does no layout; CodeMirror measures text ranges for the cursor and the menu.
beforeAll(() => {
  const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Object.assign(Range.prototype, {
    getClientRects: emptyRects,
    getBoundingClientRect: () => new DOMRect(),
  });
});

let view: EditorView | null = null;
afterEach(() => {
  view?.destroy();
  view = null;
});

function open(doc = ""): EditorView {
  view = new EditorView({
    state: EditorState.create({
      doc,
      selection: { anchor: doc.length },
      extensions: [editingSetup(), mauroTex()],
    }),
    parent: document.body,
  });
  return view;
}

/** Types `text` at the cursor as the keyboard does (so completion opens as it would). */
function type(v: EditorView, text: string) {
  for (const ch of text) {
    const head = v.state.selection.main.head;
    v.dispatch({
      changes: { from: head, insert: ch },
      selection: { anchor: head + 1 },
      userEvent: "input.type",
    });
  }
}

function press(v: EditorView, key: string): boolean {
  return runScopeHandlers(v, new KeyboardEvent("keydown", { key }), "editor");
}

/** Waits until the completion menu is open and past its interaction delay. */
async function menuOpen(v: EditorView) {
  await waitFor(() => expect(completionStatus(v.state)).toBe("active"));
  await new Promise((resolve) => setTimeout(resolve, 120));
}

describe("completion never changes what was typed", () => {
  it("Enter after `\\VV` with the menu open makes a new line and keeps `\\VV` (issue item 6)", async () => {
    const v = open("Testo da controllare ");
    type(v, "\\VV");
    await menuOpen(v);
    expect(selectedCompletionIndex(v.state)).toBeNull();
    expect(press(v, "Enter")).toBe(true);
    type(v, "Prova \\V");
    expect(v.state.doc.toString()).toBe("Testo da controllare \\VV\nProva \\V");
  });

  it("Enter accepts only the option the user moved to with the arrow keys", async () => {
    const v = open();
    type(v, "\\Elen");
    await menuOpen(v);
    press(v, "ArrowDown");
    expect(selectedCompletionIndex(v.state)).toBe(0);
    press(v, "Enter");
    expect(v.state.doc.toString()).toBe("\\ElencoTestimoni");
  });

  it("Tab accepts the first option without moving into the menu", async () => {
    const v = open("x ");
    type(v, "\\NOTAM");
    await menuOpen(v);
    press(v, "Tab");
    expect(v.state.doc.toString()).toBe("x \\NOTAMARG");
    expect(completionStatus(v.state)).toBeNull();
  });

  it("Tab indents when no menu is open", () => {
    const v = open("");
    press(v, "Tab");
    expect(v.state.doc.toString()).not.toBe("");
    expect(v.state.doc.toString().trim()).toBe("");
  });

  it("Escape closes the menu and Enter then makes a new line", async () => {
    const v = open();
    type(v, "\\Cit");
    await menuOpen(v);
    press(v, "Escape");
    press(v, "Enter");
    expect(v.state.doc.toString()).toBe("\\Cit\n");
  });
});
