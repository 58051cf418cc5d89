import type { Settings } from "@scriptorium/shared";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../state/auth-store";
import { renderGlobalSettings } from "./render-global-settings";
import type { GlobalSectionId } from "./sections";
import { hookKeys, parseCommandWords, parseShell } from "./shell-fields";

const fetchMock = vi.fn<typeof fetch>();

const SETTINGS = {
  signup: false,
  createUserDir: false,
  userHomeBasePath: "/users",
  branding: {
    name: "",
    disableExternal: false,
    disableUsedPercentage: false,
    files: "",
    theme: "",
    color: "",
  },
  defaults: { scope: ".", commands: ["ls", "cat"], perm: { execute: true } },
  rules: [],
  shell: [],
  commands: { before_copy: [], after_copy: ["logger copied"], after_save: [] },
  tus: { chunkSize: 10 * 1024 * 1024, retryCount: 5 },
} as unknown as Settings;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderPage(section: GlobalSectionId = "shell") {
  renderGlobalSettings(section);
}

async function submitted(testId: string): Promise<Settings> {
  fetchMock.mockResolvedValueOnce(new Response(null, { status: 200 }));
  fireEvent.click(screen.getByTestId(testId));
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  const [url, init] = fetchMock.mock.calls[1] ?? [];
  expect(url).toBe("/api/settings");
  expect(init?.method).toBe("PUT");
  return JSON.parse(init?.body as string) as Settings;
}

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  useAuthStore.setState({ jwt: "t.o.k" });
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("global settings: shell and hooks", () => {
  it("saves the shell split into words and the default commands split on spaces", async () => {
    fetchMock.mockResolvedValueOnce(json(200, SETTINGS));
    renderPage();
    const shell = await screen.findByTestId<HTMLTextAreaElement>("global-shell");
    const commands = screen.getByTestId<HTMLInputElement>("global-default-commands");
    expect(shell.value).toBe("");
    expect(commands.value).toBe("ls cat");
    // The hooks, which say it too, are a section of their own (issue 31).
    expect(screen.getAllByRole("note").map((n) => n.textContent)).toEqual([
      expect.stringContaining("run on the server"),
    ]);
    fireEvent.change(shell, { target: { value: "bash -c\n" } });
    fireEvent.change(commands, { target: { value: "  ls  cat wc " } });
    const sent = await submitted("global-shell-submit");
    expect(sent).toEqual({
      ...SETTINGS,
      shell: ["bash", "-c"],
      defaults: { ...SETTINGS.defaults, commands: ["ls", "cat", "wc"] },
    });
  });

  it("warns when the allowed commands give a full shell", async () => {
    fetchMock.mockResolvedValueOnce(json(200, SETTINGS));
    renderPage();
    const commands = await screen.findByTestId("global-default-commands");
    expect(screen.queryByTestId("global-full-shell")).toBeNull();
    fireEvent.change(commands, { target: { value: "ls python3:exec find:exec" } });
    expect(screen.getByTestId("global-full-shell").textContent).toContain(
      "Allowing python3:exec, find:exec gives a full shell on the server",
    );
    // find, sed and tar under their plain names run without the options that start programs.
    fireEvent.change(commands, { target: { value: "ls find sed tar sort" } });
    expect(screen.queryByTestId("global-full-shell")).toBeNull();
    expect(screen.queryByTestId("global-needs-exec")).toBeNull();
  });

  it("explains the :exec entries and says which entries allow nothing without one", async () => {
    fetchMock.mockResolvedValueOnce(json(200, SETTINGS));
    renderPage();
    const commands = await screen.findByTestId("global-default-commands");
    expect(screen.getByTestId("global-exec-help").textContent).toContain(
      "Programs that run other programs need the entry name:exec (e.g. xargs:exec)",
    );
    expect(commands.getAttribute("aria-describedby")).toContain("default-commands-exec-help");
    expect(screen.getByTestId("global-shell").getAttribute("aria-describedby")).toBe("shell-help");
    expect(document.getElementById("shell-help")?.textContent).toContain(
      "lines holding { } ~ * ? [ ( ) or # are also refused",
    );
    expect(screen.queryByTestId("global-needs-exec")).toBeNull();
    fireEvent.change(commands, { target: { value: "ls bash xargs" } });
    expect(screen.getByTestId("global-needs-exec").textContent).toContain(
      "bash, xargs can run any other program, so as written these entries allow nothing: write bash:exec to allow it on purpose.",
    );
    expect(screen.queryByTestId("global-full-shell")).toBeNull();
  });

  it("edits each hook one command per line and saves them all", async () => {
    fetchMock.mockResolvedValueOnce(json(200, SETTINGS));
    renderPage("hooks");
    const afterCopy = await screen.findByTestId<HTMLTextAreaElement>("hook-after_copy");
    expect(afterCopy.value).toBe("logger copied");
    fireEvent.change(screen.getByTestId("hook-before_delete"), {
      target: { value: "  /opt/hooks/check-delete \n\n/opt/hooks/notify\n" },
    });
    const sent = await submitted("global-hooks-submit");
    expect(sent.commands.before_delete).toEqual(["/opt/hooks/check-delete", "/opt/hooks/notify"]);
    expect(sent.commands.after_copy).toEqual(["logger copied"]);
    expect(sent.commands.before_upload).toEqual([]);
    expect(sent.shell).toEqual([]);
  });

  it("reads the fields as SPEC.md §5 says", () => {
    expect(parseShell("bash -c\n")).toEqual(["bash", "-c"]);
    expect(parseShell("  \n")).toEqual([]);
    expect(parseCommandWords("")).toEqual([]);
    expect(parseCommandWords(" ls   cat ")).toEqual(["ls", "cat"]);
    expect(hookKeys({ after_mauro: [], custom: [] }).slice(-3)).toEqual([
      "before_mauro",
      "after_mauro",
      "custom",
    ]);
    expect(hookKeys({}).slice(0, 2)).toEqual(["before_copy", "after_copy"]);
    // Unzip and the tools, which the server keeps when the page sends them.
    expect(hookKeys({}, ["unzip", "mauro:m2hv"]).slice(-4)).toEqual([
      "before_unzip",
      "after_unzip",
      "before_mauro:m2hv",
      "after_mauro:m2hv",
    ]);
  });
});
