import type { ToolRunResult } from "@scriptorium/shared";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../state/auth-store";
import { useRunStore } from "../../state/run-store";
import { usePromptStore } from "../../prompts";
import { fakeServer, renderEditorAt, stubLayout, texFile, toolQuery, USER } from "./test-harness";
import { useWorkbenchStore } from "./workbench-store";

const SOURCE = "/Opere/figura.tex";
const noOutput = (): ToolRunResult => ({
  log: "/Opere/figura_m2hv/m2hv.OUT.log",
  exitCode: 0,
  ok: true,
  diagnostics: [],
});

beforeAll(stubLayout);

beforeEach(() => {
  usePromptStore.setState({ prompts: [] });
  useRunStore.setState({ lastRuns: {}, running: null });
  useWorkbenchStore.setState({ paneHidden: true });
  useAuthStore.getState().setSession("jwt", USER);
});

afterEach(() => {
  vi.unstubAllGlobals();
  useAuthStore.getState().clear();
});

/** The dialog opened from the folder listing (a stand-in page) on the fixture file. */
async function openDialog(content?: string) {
  const server = fakeServer({
    files: { [SOURCE]: texFile(content === undefined ? {} : { content }) },
    result: noOutput,
  });
  const rendered = renderEditorAt("/files/Opere/");
  act(() =>
    usePromptStore.getState().show({
      name: "witnessView",
      source: { path: SOURCE, name: "figura.tex" },
    }),
  );
  const dialog = await screen.findByTestId("prompt-witness");
  return { ...rendered, server, dialog };
}

const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole("option")
    .map((o) => (o as HTMLOptionElement).value);

describe("witness views", () => {
  it("offers the declared sigla and runs m2hv -t with the first one by default", async () => {
    const { server, router } = await openDialog();
    const siglum = await screen.findByTestId("witness-siglum");
    expect(options(siglum)).toEqual(["A", "B", "C"]);
    expect(options(screen.getByTestId("witness-view"))).toEqual([
      "text",
      "singular",
      "omissions",
      "discordances",
      "groups",
    ]);

    fireEvent.click(screen.getByTestId("witness-submit"));
    await waitFor(() => expect(server.patches()).toHaveLength(1));
    expect(toolQuery(server.patches()[0]!.url)).toEqual({
      path: SOURCE,
      action: "mauro:m2hv",
      destination: "/Opere/figura_m2hv",
      commandline: "-t A",
      override: "true",
    });
    // The source opens in the editor, with the view's page beside it.
    await waitFor(() => expect(router.state.location.pathname).toBe("/files/Opere/figura.tex"));
    const frame = await screen.findByTestId("workbench-frame");
    expect(frame.getAttribute("src")).toMatch(
      /^\/api\/raw-inline\/Opere\/figura_m2hv\/figura-A-1\.htm\?v=\d+$/,
    );
  });

  it.each([
    ["singular", "-s B", "figura-1-B-s.htm"],
    ["omissions", "-o B", "figura-1-B-o.htm"],
    ["discordances", "-e B", "figura-1-B-e.htm"],
  ])("%s of a witness: %s", async (view, commandline, page) => {
    const { server } = await openDialog();
    fireEvent.change(screen.getByTestId("witness-view"), { target: { value: view } });
    fireEvent.change(await screen.findByTestId("witness-siglum"), { target: { value: "B" } });
    fireEvent.click(screen.getByTestId("witness-submit"));
    await waitFor(() => expect(server.patches()).toHaveLength(1));
    expect(toolQuery(server.patches()[0]!.url).commandline).toBe(commandline);
    const frame = await screen.findByTestId("workbench-frame");
    expect(frame.getAttribute("src")).toContain(`/Opere/figura_m2hv/${page}?v=`);
  });

  it("between two groups: -c with each group's sigla joined by commas", async () => {
    const { server } = await openDialog();
    fireEvent.change(screen.getByTestId("witness-view"), { target: { value: "groups" } });
    const group1 = await screen.findByTestId("witness-group1");
    const group2 = screen.getByTestId("witness-group2");
    expect(screen.getByTestId<HTMLButtonElement>("witness-submit").disabled).toBe(true);
    fireEvent.click(within(group1).getByLabelText("C"));
    fireEvent.click(within(group1).getByLabelText("A"));
    expect(screen.getByTestId<HTMLButtonElement>("witness-submit").disabled).toBe(true);
    fireEvent.click(within(group2).getByLabelText("Base text"));
    fireEvent.click(screen.getByTestId("witness-submit"));
    await waitFor(() => expect(server.patches()).toHaveLength(1));
    expect(toolQuery(server.patches()[0]!.url).commandline).toBe("-c A,C base");
    const frame = await screen.findByTestId("workbench-frame");
    expect(frame.getAttribute("src")).toContain("/Opere/figura_m2hv/figura-1d.htm?v=");
  });

  it("a file without \\ElencoTestimoni offers nothing to run", async () => {
    const { server } = await openDialog("\\Unit Testo.");
    await screen.findByTestId("witness-no-sigla");
    expect(screen.getByTestId<HTMLButtonElement>("witness-submit").disabled).toBe(true);
    expect(server.patches()).toHaveLength(0);
  });
});
