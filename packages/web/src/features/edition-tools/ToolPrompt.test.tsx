import type { Item, Resource } from "@scriptorium/shared";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useRunStore } from "../../state/run-store";
import {
  help,
  json,
  pendingUntilAborted,
  clickTool,
  renderAt,
  resetTools,
  runs,
  setRunAnswer,
  toolButtons,
  tree,
} from "./tools-test-harness";

const MODIFIED = "2026-11-23T10:00:00Z";

function item(dir: string, name: string, isDir = false): Item {
  return {
    path: `${dir}${name}`,
    name,
    size: isDir ? 4096 : 100,
    extension: isDir ? "" : name.slice(name.lastIndexOf(".")),
    modified: MODIFIED,
    mode: 420,
    isDir,
    isSymlink: false,
    type: isDir ? "" : "text",
  };
}

function folder(path: string, items: Item[]): Resource {
  return {
    ...item("/", path.split("/").filter(Boolean).pop() ?? "", true),
    path,
    items,
    numDirs: items.filter((i) => i.isDir).length,
    numFiles: items.filter((i) => !i.isDir).length,
    sorting: { by: "name", asc: true },
  };
}

const LOG = "EXECUTING: m2hv ./Varia.TEX\nSOURCE: /Opere/Varia.TEX\n----\nfine\n";

function logFile(path: string, content: string): Resource {
  return {
    ...item(path.slice(0, path.lastIndexOf("/") + 1), path.split("/").pop() ?? ""),
    path,
    content,
  };
}

beforeEach(() => {
  resetTools();
  tree["/Opere/"] = folder("/Opere/", [
    item("/Opere/", "Libro I", true),
    item("/Opere/", "Varia.TEX"),
    item("/Opere/", "b.tex"),
    item("/Opere/", "note.txt"),
  ]);
});
afterEach(() => vi.unstubAllGlobals());

async function select(...names: string[]) {
  await screen.findByTestId("listing");
  const rows = screen.getAllByTestId("listing-item");
  names.forEach((name, i) => {
    const row = rows.find((el) => el.dataset.name === name) as HTMLElement;
    fireEvent.click(row, { ctrlKey: i > 0 });
  });
}

async function openDialog(tool: string, name = "Varia.TEX") {
  await select(name);
  clickTool(tool);
  return screen.findByTestId("prompt-edition-tool");
}

const submit = () => screen.getByTestId<HTMLButtonElement>("tool-submit");

describe("edition tool actions", () => {
  it("are offered for exactly one selected .tex file, in any letter case, with create and modify only", async () => {
    renderAt("/files/Opere/");
    await select("Varia.TEX");
    expect(toolButtons()).toEqual([
      "action-tool-m2hv",
      "action-tool-m2lv",
      "action-tool-m2ledmac",
      "action-tool-pdflatex",
      "action-tool-m2lv-pdf",
      "action-tool-m2ledmac-pdf",
    ]);
    await select("b.tex");
    expect(toolButtons()).toHaveLength(6);
    await select("Varia.TEX", "b.tex");
    expect(toolButtons()).toEqual([]);
    await select("note.txt");
    expect(toolButtons()).toEqual([]);
    await select("Libro I");
    expect(toolButtons()).toEqual([]);
  });
});

describe("edition tool dialog", () => {
  it("proposes <name>_<tool> beside the source and sends the run, then opens the log", async () => {
    tree["/Opere/Varia_m2hv/m2hv.OUT.log"] = logFile("/Opere/Varia_m2hv/m2hv.OUT.log", LOG);
    const { router } = renderAt("/files/Opere/");
    await openDialog("m2hv");
    const name = screen.getByTestId<HTMLInputElement>("tool-output-name");
    expect(name.value).toBe("Varia_m2hv");
    await waitFor(() => expect(submit().disabled).toBe(false));
    expect(screen.queryByTestId("tool-overwrite")).toBeNull();

    fireEvent.change(screen.getByTestId("tool-commandline"), { target: { value: " -s  A+ -v " } });
    fireEvent.click(submit());

    await waitFor(() =>
      expect(router.state.location.pathname).toBe("/files/Opere/Varia_m2hv/m2hv.OUT.log"),
    );
    expect(runs).toHaveLength(1);
    const url = runs[0] as URL;
    expect(url.pathname).toBe("/api/resources/Opere/Varia.TEX");
    // Names encoded by the client, then the query string: the server decodes twice.
    expect(url.search).toBe(
      "?action=mauro%3Am2hv&destination=%2FOpere%2FVaria_m2hv" +
        "&commandline=-s%2520A%252B%2520-v&override=false",
    );
    expect(await screen.findByTestId("tool-log")).toBeTruthy();
    expect(screen.queryByTestId("prompt-edition-tool")).toBeNull();
    const last = useRunStore.getState().lastRuns["/Opere/Varia.TEX"];
    expect(last?.request).toEqual({
      source: "/Opere/Varia.TEX",
      tool: "m2hv",
      destination: "/Opere/Varia_m2hv",
      commandline: "-s A+ -v",
      override: false,
    });
    expect(useRunStore.getState().running).toBeNull();
  });

  it("saves the editor's unsaved text of the source before it runs", async () => {
    tree["/Opere/Varia_m2hv/m2hv.OUT.log"] = logFile("/Opere/Varia_m2hv/m2hv.OUT.log", LOG);
    const order: string[] = [];
    const unregister = useRunStore.getState().registerSaver("/Opere/Varia.TEX", () => {
      order.push(`saved with ${runs.length} runs sent`);
      return Promise.resolve(true);
    });
    renderAt("/files/Opere/");
    await openDialog("m2hv");
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(runs).toHaveLength(1));
    expect(order).toEqual(["saved with 0 runs sent"]);
    unregister();
    expect(useRunStore.getState().savers).toEqual({});
  });

  it("does not run when the editor's text could not be saved", async () => {
    const unregister = useRunStore
      .getState()
      .registerSaver("/Opere/Varia.TEX", () => Promise.resolve(false));
    renderAt("/files/Opere/");
    await openDialog("m2hv");
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toHaveLength(0);
    expect(screen.getByTestId("prompt-edition-tool")).toBeTruthy();
    unregister();
  });

  it("asks to overwrite an existing output folder before it runs", async () => {
    tree["/Opere/"]?.items?.push(item("/Opere/", "Varia_m2lv", true));
    renderAt("/files/Opere/");
    await openDialog("m2lv");
    const overwrite = await screen.findByTestId("tool-overwrite");
    expect(submit().disabled).toBe(true);
    fireEvent.click(within(overwrite).getByRole("checkbox"));
    expect(submit().disabled).toBe(false);

    // Another name that is free needs no overwrite; back to the taken one, ask again.
    const name = screen.getByTestId("tool-output-name");
    fireEvent.change(name, { target: { value: "altro" } });
    expect(screen.queryByTestId("tool-overwrite")).toBeNull();
    expect(submit().disabled).toBe(false);
    fireEvent.change(name, { target: { value: "Varia_m2lv" } });
    expect(submit().disabled).toBe(true);
    fireEvent.click(within(screen.getByTestId("tool-overwrite")).getByRole("checkbox"));
    fireEvent.click(submit());
    await waitFor(() => expect(runs).toHaveLength(1));
    expect(runs[0]?.searchParams.get("override")).toBe("true");
    expect(runs[0]?.searchParams.get("destination")).toBe("/Opere/Varia_m2lv");
  });

  it("keeps the name hidden for pdflatex, which writes beside the source", async () => {
    const { router } = renderAt("/files/Opere/");
    await openDialog("pdflatex", "b.tex");
    expect(screen.queryByTestId("tool-output-name")).toBeNull();
    expect(screen.getByTestId<HTMLInputElement>("tool-commandline").placeholder).toBe("No options");
    fireEvent.click(submit());
    await waitFor(() => expect(runs).toHaveLength(1));
    expect(runs[0]?.searchParams.get("action")).toBe("mauro:pdflatex");
    expect(runs[0]?.searchParams.get("destination")).toBe("/Opere/");
    await waitFor(() =>
      expect(router.state.location.pathname).toBe("/files/Opere/pdflatex.OUT.log"),
    );
  });

  it("lists the accepted options and refuses shell syntax before sending", async () => {
    renderAt("/files/Opere/");
    await openDialog("m2hv");
    const options = screen.getByTestId<HTMLInputElement>("tool-commandline");
    expect(options.placeholder).toContain("-s WITNESS");
    expect(options.placeholder).toContain("-c GROUP GROUP");
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.change(options, { target: { value: "-s A; rm" } });
    expect(screen.getByRole("alert").textContent).toBe("Not an accepted option: A;");
    expect(submit().disabled).toBe(true);
  });

  it.each([
    [501, "NOT_IMPLEMENTED", "m2hv is not installed"],
    [429, "TOO_MANY_RUNS", "Too many tools are running; try again in a moment"],
  ])("shows the server's message of a %i and stays open", async (status, code, message) => {
    setRunAnswer(() => Promise.resolve(json(status, { status, code, message })));
    const { router } = renderAt("/files/Opere/");
    await openDialog("m2hv");
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    expect((await screen.findByTestId("tool-error")).textContent).toBe(message);
    expect(screen.getByTestId("prompt-edition-tool")).toBeTruthy();
    expect(submit().disabled).toBe(false);
    expect(router.state.location.pathname).toBe("/files/Opere/");
    expect(useRunStore.getState().lastRuns).toEqual({});
  });

  it("shows a running state whose Cancel aborts the request", async () => {
    let signal: AbortSignal | undefined;
    setRunAnswer((_, s) => {
      signal = s;
      return pendingUntilAborted(s);
    });
    renderAt("/files/Opere/");
    await openDialog("m2ledmac");
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    expect(await screen.findByTestId("tool-running")).toBeTruthy();
    expect(useRunStore.getState().running?.tool).toBe("m2ledmac");
    expect(screen.queryByTestId("tool-submit")).toBeNull();

    fireEvent.click(screen.getByTestId("tool-cancel-run"));
    expect(signal?.aborted).toBe(true);
    expect((await screen.findByTestId("tool-error")).textContent).toBe(
      "Cancelled: the tool was stopped.",
    );
    expect(screen.queryByTestId("tool-running")).toBeNull();
    expect(useRunStore.getState().running).toBeNull();
  });

  it("shows the tool's help on request", async () => {
    help.m2hv = "usage: m2hv [-a] [-b] FILE";
    renderAt("/files/Opere/");
    await openDialog("m2hv");
    expect(screen.queryByTestId("tool-help")).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByTestId("tool-help-toggle"));
      await Promise.resolve();
    });
    const pre = await screen.findByTestId("tool-help");
    expect(pre.tagName).toBe("PRE");
    expect(pre.textContent).toBe("usage: m2hv [-a] [-b] FILE");
  });
});
