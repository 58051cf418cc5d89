import { act, fireEvent, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PromptHost } from "./PromptHost";
import { usePromptStore } from "./prompt-store";

describe("PromptHost", () => {
  beforeEach(() => usePromptStore.setState({ prompts: [] }));

  it("shows the help shortcuts and closes on Escape, running the close hook", () => {
    const onClose = vi.fn();
    render(<PromptHost />);
    act(() => usePromptStore.getState().show({ name: "help" }, onClose));
    expect(screen.getByRole("dialog").textContent).toContain("show this information");
    fireEvent.keyDown(window, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("new folder: an empty name does nothing, a name gets the honest notice", () => {
    render(<PromptHost />);
    act(() => usePromptStore.getState().show({ name: "newDir" }));
    const create = screen.getByRole("button", { name: "Create" });
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "   " } });
    fireEvent.click(create);
    expect(screen.queryByRole("status")).toBeNull();
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "Libro II" } });
    fireEvent.click(create);
    expect(screen.getByRole("status").textContent).toBe("This action is not available yet.");
    expect(usePromptStore.getState().prompts).toHaveLength(1);
  });
});
