import { defaultToolSettings, type Settings } from "@scriptorium/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../state/auth-store";
import { GlobalSettingsPage } from "./GlobalSettingsPage";
import { parseFolders, parseTimeout } from "./ToolSettingsForm";

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
  defaults: { scope: ".", commands: [], perm: { execute: true } },
  rules: [],
  shell: [],
  commands: {},
  tus: { chunkSize: 10 * 1024 * 1024, retryCount: 5 },
  tools: defaultToolSettings(),
} as unknown as Settings;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  useAuthStore.setState({ jwt: "t.o.k" });
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <GlobalSettingsPage />
    </QueryClientProvider>,
  );
}

describe("global settings: edition tools", () => {
  it("lists each tool and the folders, and saves them with the rest of the settings", async () => {
    fetchMock.mockResolvedValueOnce(json(200, SETTINGS));
    renderPage();
    const form = await screen.findByTestId("global-tools-form");
    const row = (name: string) => within(screen.getByTestId(`tool-row-${name}`));
    expect(within(form).getAllByRole("row")).toHaveLength(5);
    expect(row("m2hv").getByTestId<HTMLInputElement>("tool-executable").value).toBe("m2hv");
    expect(row("pdflatex").getByTestId<HTMLInputElement>("tool-timeout").value).toBe("240");
    expect(row("m2lv").getByTestId<HTMLInputElement>("tool-enabled").checked).toBe(true);
    const folders = screen.getByTestId<HTMLTextAreaElement>("tool-folders");
    expect(folders.value).toBe("/usr/local/bin\n/usr/bin\n/bin");

    fireEvent.click(row("m2lv").getByTestId("tool-enabled"));
    fireEvent.change(row("m2hv").getByTestId("tool-executable"), {
      target: { value: " /opt/mauro/bin/m2hv " },
    });
    fireEvent.change(row("pdflatex").getByTestId("tool-timeout"), { target: { value: "600" } });
    fireEvent.change(folders, { target: { value: "/opt/mauro/bin\n\n  /usr/bin  \n" } });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 200 }));
    fireEvent.click(screen.getByTestId("global-tools-submit"));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe("/api/settings");
    expect(init?.method).toBe("PUT");
    const sent = JSON.parse(init?.body as string) as Settings;
    const byName = (name: string) => sent.tools.tools.find((tool) => tool.name === name);
    expect(sent.tus).toEqual(SETTINGS.tus);
    expect(sent.tools.folders).toEqual(["/opt/mauro/bin", "/usr/bin"]);
    expect(byName("m2hv")?.executable).toBe("/opt/mauro/bin/m2hv");
    expect(byName("m2lv")?.enabled).toBe(false);
    expect(byName("pdflatex")?.timeoutSeconds).toBe(600);
    // The options each tool accepts are kept as they were.
    expect(byName("m2hv")?.options).toEqual(SETTINGS.tools.tools[0]?.options);
  });

  it("shows no tool section while the server offers no settings", async () => {
    fetchMock.mockResolvedValueOnce(json(404, {}));
    renderPage();
    await screen.findByTestId("global-read-only");
    expect(screen.queryByTestId("global-tools-form")).toBeNull();
  });

  it("reads timeouts as whole seconds from 1 to 3600, and folders one per line", () => {
    expect(parseTimeout("90", 120)).toBe(90);
    expect(parseTimeout("0", 120)).toBe(1);
    expect(parseTimeout("99999", 120)).toBe(3600);
    expect(parseTimeout("", 120)).toBe(120);
    expect(parseTimeout("x", 120)).toBe(120);
    expect(parseFolders(" /a \r\n\n/b\n")).toEqual(["/a", "/b"]);
  });
});
