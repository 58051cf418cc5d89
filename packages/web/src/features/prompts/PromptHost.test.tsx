import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiCall } from "../../api/client";
import { PromptHost } from "./PromptHost";
import { usePromptStore } from "./prompt-store";
import { pressEscape } from "../../test/press-escape";

vi.mock("../../api/client", () => ({ apiCall: vi.fn(), apiUrl: (path: string) => path }));

describe("PromptHost", () => {
  beforeEach(() => usePromptStore.setState({ prompts: [] }));

  it("shows the help shortcuts and closes on Escape, running the close hook", () => {
    const onClose = vi.fn();
    render(<PromptHost />);
    act(() => usePromptStore.getState().show({ name: "help" }, onClose));
    expect(screen.getByRole("dialog").textContent).toContain("show this information");
    pressEscape();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("new folder: an empty or blank name does nothing and keeps the prompt", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <PromptHost />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    act(() => usePromptStore.getState().show({ name: "newDir", dir: "/Opere/" }));
    const create = screen.getByRole("button", { name: "Create" });
    fireEvent.click(create);
    fireEvent.change(screen.getByRole("textbox"), { target: { value: "   " } });
    fireEvent.click(create);
    expect(apiCall).not.toHaveBeenCalled();
    expect(usePromptStore.getState().prompts).toHaveLength(1);
  });
});
