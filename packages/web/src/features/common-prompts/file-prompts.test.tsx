import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiCall } from "../../api/client";
import { OPERE, folder, renderAt, resetFilesPage, row, tree } from "../files/files-test-harness";

vi.mock("../../api/client", () => ({ apiCall: vi.fn(), apiUrl: (path: string) => path }));

beforeEach(resetFilesPage);
afterEach(() => vi.mocked(apiCall).mockReset());

describe("info prompt", () => {
  it("shows the selected file and computes a checksum on request", async () => {
    vi.mocked(apiCall).mockImplementation(((name: string, options?: { query?: object }) => {
      if (name === "getResource" && options?.query) {
        return Promise.resolve({ ...OPERE.items?.[2], checksums: { md5: "0123abcd" } });
      }
      return Promise.resolve(OPERE);
    }) as typeof apiCall);
    renderAt("/files/Opere/");
    await screen.findByTestId("listing");
    fireEvent.click(row("a.tex"));
    const { infoAction } = await import("../listing/actions");
    const { showPrompt } = await import("../../prompts/prompt-store");
    act(
      () =>
        void infoAction.perform({
          current: { path: "/Opere/", resource: OPERE },
          showPrompt,
        } as never),
    );
    const dialog = await screen.findByTestId("prompt-info");
    expect(within(dialog).getByTestId("info-name").textContent).toBe("a.tex");
    fireEvent.click(within(dialog).getByTestId("info-checksum-md5"));
    await waitFor(() =>
      expect(within(dialog).getByTestId("info-checksum-md5").textContent).toBe("0123abcd"),
    );
    expect(apiCall).toHaveBeenCalledWith("getResource", {
      path: "/Opere/a.tex",
      query: { checksum: "md5" },
    });
  });

  it("shows the folder counts of the listing when nothing is selected", async () => {
    renderAt("/files/Opere/");
    await screen.findByTestId("listing");
    const { infoAction } = await import("../listing/actions");
    const { showPrompt } = await import("../../prompts/prompt-store");
    act(
      () =>
        void infoAction.perform({
          current: { path: "/Opere/", resource: OPERE },
          showPrompt,
        } as never),
    );
    const dialog = await screen.findByTestId("prompt-info");
    expect(within(dialog).getByTestId("info-dirs").textContent).toBe("2");
    expect(within(dialog).getByTestId("info-files").textContent).toBe("3");
    expect(within(dialog).queryByTestId("info-checksum-md5")).toBeNull();
  });
});

describe("new entry prompts", () => {
  it("ignore an empty name, create in the current folder and open what they created", async () => {
    const router = renderAt("/files/Opere/");
    await screen.findByTestId("listing");
    const { newDirAction } = await import("./actions");
    const { showPrompt } = await import("../../prompts/prompt-store");
    act(
      () =>
        void newDirAction.perform({
          current: { path: "/Opere/", resource: OPERE },
          showPrompt,
        } as never),
    );
    const dialog = await screen.findByTestId("prompt-new-dir");
    const input = within(dialog).getByRole("textbox");
    fireEvent.change(input, { target: { value: "   " } });
    fireEvent.submit(input);
    expect(vi.mocked(apiCall).mock.calls.some(([name]) => name === "createResource")).toBe(false);
    // A name ending with the staging suffix is refused here, as the server would (400).
    fireEvent.change(input, { target: { value: "bozze.scriptorium-tmp" } });
    expect(within(dialog).getByRole("alert").textContent).toBe(
      "Names ending with “.scriptorium-tmp” are reserved for files being written.",
    );
    expect(within(dialog).getByTestId("prompt-confirm")).toHaveProperty("disabled", true);
    fireEvent.submit(input);
    expect(vi.mocked(apiCall).mock.calls.some(([name]) => name === "createResource")).toBe(false);

    tree["/Opere/Libro III/"] = folder("/Opere/Libro III/", []);
    fireEvent.change(input, { target: { value: " Libro III " } });
    fireEvent.submit(input);
    await waitFor(() => expect(router.state.location.pathname).toBe("/files/Opere/Libro%20III/"));
    expect(apiCall).toHaveBeenCalledWith("createResource", {
      path: "/Opere/Libro III/",
      query: { override: "false" },
      rawBody: "",
    });
    expect(screen.queryByTestId("prompt-new-dir")).toBeNull();
  });
});
