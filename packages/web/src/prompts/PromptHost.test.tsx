import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiCall } from "../api/client";
import "../app/register-prompts";
import { PromptHost } from "./PromptHost";
import { registeredPrompts } from "./prompt-registry";
import type { PromptName } from "./prompt-specs";
import { usePromptStore } from "./prompt-store";
import { pressEscape } from "../test/press-escape";

vi.mock("../api/client", () => ({ apiCall: vi.fn(), apiUrl: (path: string) => path }));

/** Every dialog name the features declare: the compiler rejects a missing or unknown one. */
const EVERY_PROMPT: Record<PromptName, true> = {
  help: true,
  newFile: true,
  newDir: true,
  info: true,
  confirm: true,
  error: true,
  discardEditorChanges: true,
  upload: true,
  replace: true,
  download: true,
  unzip: true,
  rename: true,
  move: true,
  copy: true,
  delete: true,
  replaceRename: true,
  editionTool: true,
  witnessView: true,
  share: true,
  "share-delete": true,
  activity: true,
};

describe("PromptHost", () => {
  beforeEach(() => usePromptStore.setState({ prompts: [] }));

  it("has a registered component for every declared dialog", () => {
    expect(registeredPrompts().sort()).toEqual(Object.keys(EVERY_PROMPT).sort());
  });

  it("the shared footer: Cancel closes, the confirm button answers and closes", () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<PromptHost />);
    act(() =>
      usePromptStore
        .getState()
        .show(
          { name: "confirm", title: "Abort?", message: "Sure?", confirmLabel: "Abort", onConfirm },
          onClose,
        ),
    );
    fireEvent.click(screen.getByTestId("confirm-cancel"));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
    act(() =>
      usePromptStore.getState().show({
        name: "confirm",
        title: "Abort?",
        message: "Sure?",
        confirmLabel: "Abort",
        onConfirm,
      }),
    );
    const ok = screen.getByTestId("confirm-ok");
    expect(ok.textContent).toBe("Abort");
    expect(ok.getAttribute("type")).toBe("button");
    fireEvent.click(ok);
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

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
