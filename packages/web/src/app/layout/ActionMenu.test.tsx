import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Action, ActionContext } from "../../actions";
import "../../i18n";
import { ActionMenu } from "./ActionMenu";

const ran: string[] = [];
const action = (id: string, label: Action["label"]): Action => ({
  id,
  label,
  icon: "info",
  placements: ["header"],
  isVisible: () => true,
  perform: () => {
    ran.push(id);
  },
});
const ACTIONS = [action("info", "buttons.info"), action("share", "share.action")];
const ctx = {} as ActionContext;

describe("the phone's More actions menu", () => {
  it("opens on its first item, moves with the arrows, closes with Escape onto its button", () => {
    render(<ActionMenu actions={ACTIONS} ctx={ctx} />);
    const button = screen.getByTestId("header-more");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const items = screen.getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual(["Info", "Share"]);
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(items[0]!, { key: "End" });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(items[1]!, { key: "Escape" });
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("runs the chosen action and closes", () => {
    ran.length = 0;
    render(<ActionMenu actions={ACTIONS} ctx={ctx} />);
    fireEvent.click(screen.getByTestId("header-more"));
    fireEvent.click(screen.getByRole("menuitem", { name: "Share" }));
    expect(ran).toEqual(["share"]);
    expect(screen.queryByRole("menu")).toBeNull();
  });
});
