import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../i18n";
import { ActionMenu } from "./ActionMenu";
import { groupActions } from "./groups";
import type { Action, ActionContext } from "./types";

const ran: string[] = [];
const action = (id: string, label: Action["label"], extra: Partial<Action> = {}): Action => ({
  id,
  label,
  icon: "info",
  placements: ["header"],
  isVisible: () => true,
  perform: () => {
    ran.push(id);
  },
  ...extra,
});
const ACTIONS = [action("info", "buttons.info"), action("share", "share.action")];
const ctx = {} as ActionContext;

describe("an action menu (More actions, Edition)", () => {
  it("opens on its first item, moves with the arrows, closes with Escape onto its button", () => {
    render(<ActionMenu actions={ACTIONS} ctx={ctx} label="More actions" icon="more" testId="m" />);
    const button = screen.getByRole("button", { name: "More actions" });
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("menu", { name: "More actions" })).toBeTruthy();
    const items = screen.getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["Info", "Share"]);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: "ArrowUp" });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: "Home" });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: "End" });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("runs the chosen action and closes", () => {
    ran.length = 0;
    render(<ActionMenu actions={ACTIONS} ctx={ctx} label="More actions" icon="more" testId="m" />);
    fireEvent.click(screen.getByTestId("m"));
    fireEvent.click(screen.getByRole("menuitem", { name: "Share" }));
    expect(ran).toEqual(["share"]);
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("without an icon shows its name as text (the Edition menu)", () => {
    render(<ActionMenu actions={ACTIONS} ctx={ctx} label="Edition" testId="edition" />);
    const button = screen.getByTestId("edition");
    expect(button.textContent).toBe("Edition");
    expect(button.getAttribute("aria-label")).toBeNull();
    expect(screen.getByRole("button", { name: "Edition" })).toBe(button);
  });

  it("says whether a toggle in it is on", () => {
    const toggle = action("selectMultiple", "buttons.selectMultiple", { isActive: () => true });
    render(<ActionMenu actions={[toggle]} ctx={ctx} label="More actions" icon="more" testId="m" />);
    fireEvent.click(screen.getByTestId("m"));
    const item = screen.getByRole("menuitemcheckbox", { name: "Select multiple" });
    expect(item.getAttribute("aria-checked")).toBe("true");
  });
});

describe("the header's groups of actions", () => {
  it("keeps share, rename, copy, move, delete, download as buttons; tools in Edition; the rest in More", () => {
    const ids = [
      "search",
      "share",
      "rename",
      "copy",
      "move",
      "delete",
      "unzip",
      "tool-m2hv",
      "tool-pdflatex",
      "witness-views",
      "shell",
      "switchView",
      "download",
      "upload",
      "activity",
      "info",
      "selectMultiple",
    ];
    const groups = groupActions(ids.map((id) => action(id, "buttons.info")));
    const of = (list: Action[]) => list.map((a) => a.id);
    expect(of(groups.primary)).toEqual([
      "search",
      "share",
      "rename",
      "copy",
      "move",
      "delete",
      "switchView",
      "download",
      "upload",
      "info",
    ]);
    expect(of(groups.edition)).toEqual(["tool-m2hv", "tool-pdflatex"]);
    expect(of(groups.more)).toEqual([
      "unzip",
      "witness-views",
      "shell",
      "activity",
      "selectMultiple",
    ]);
  });
});
