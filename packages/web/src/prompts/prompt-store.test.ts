import { beforeEach, describe, expect, it, vi } from "vitest";
import { usePromptStore } from "./prompt-store";

describe("prompt store", () => {
  beforeEach(() => usePromptStore.setState({ prompts: [] }));

  it("shows the oldest prompt and closing removes it and runs its hook", () => {
    const first = vi.fn();
    const second = vi.fn();
    const store = usePromptStore.getState();
    store.show({ name: "help" }, first);
    store.show({ name: "error", message: "boom" }, second);
    expect(usePromptStore.getState().prompts[0]?.spec.name).toBe("help");

    usePromptStore.getState().close();
    expect(first).toHaveBeenCalledOnce();
    expect(second).not.toHaveBeenCalled();
    expect(usePromptStore.getState().prompts.map((p) => p.spec.name)).toEqual(["error"]);

    usePromptStore.getState().close();
    expect(second).toHaveBeenCalledOnce();
    expect(usePromptStore.getState().prompts).toEqual([]);
  });

  it("closing an empty stack does nothing", () => {
    expect(() => usePromptStore.getState().close()).not.toThrow();
  });
});
