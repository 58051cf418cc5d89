import {
  defaultToolSettings,
  type Settings,
  type TokenUser,
  type ToolStates,
} from "@scriptorium/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../state/auth-store";
import { renderGlobalSettings } from "./render-global-settings";
import type { GlobalSectionId } from "./sections";
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

function renderPage(section: GlobalSectionId = "tools") {
  renderGlobalSettings(section);
}

describe("global settings: edition tools", () => {
  it("lists each tool and the folders, and saves them with the rest of the settings", async () => {
    fetchMock.mockResolvedValueOnce(json(200, SETTINGS));
    renderPage();
    const form = await screen.findByTestId("global-tools-form");
    const row = (name: string) => within(screen.getByTestId(`tool-row-${name}`));
    // The header, then the six default tools (the two PDF pipelines included).
    expect(within(form).getAllByRole("row")).toHaveLength(7);
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

describe("global settings: each tool's state on the server (issue 30)", () => {
  const STATES: ToolStates = {
    sandbox: "sandboxed",
    tools: [
      { name: "m2hv", kind: "folder", enabled: true, installed: false },
      {
        name: "m2lv",
        kind: "folder",
        enabled: true,
        installed: true,
        program: "/opt/mauro/bin/m2lv",
        version: "m2lv 2.3 (Mauro-TeX)",
      },
      { name: "m2ledmac", kind: "folder", enabled: true, installed: false },
      {
        name: "pdflatex",
        kind: "beside-source",
        enabled: true,
        installed: true,
        program: "/usr/bin/pdflatex",
        version: "pdfTeX 3.141592653-2.6-1.40.24 (TeX Live 2022/Debian)",
      },
      { name: "m2lv-pdf", kind: "pdf-pipeline", enabled: true, installed: true },
      {
        name: "m2ledmac-pdf",
        kind: "pdf-pipeline",
        enabled: true,
        installed: false,
        missing: ["m2ledmac"],
      },
    ],
    supportFolders: [
      { path: "/srv/maurotex/support", exists: true, files: 5 },
      { path: "/srv/elsewhere", exists: false },
    ],
  };

  it("shows installed or not, program, version, pipeline steps, sandbox; saves the support folders", async () => {
    const admin = { id: 1, username: "admin", perm: { admin: true } } as TokenUser;
    useAuthStore.setState({ jwt: "t.o.k", user: admin });
    const withSupport = {
      ...SETTINGS,
      tools: { ...SETTINGS.tools, supportFolders: ["/srv/maurotex/support", "/srv/elsewhere"] },
    };
    fetchMock.mockImplementation((input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (url === "/api/mauro/tools") return Promise.resolve(json(200, STATES));
      if (init?.method === "PUT") return Promise.resolve(new Response(null, { status: 200 }));
      return Promise.resolve(json(200, withSupport));
    });
    renderPage();
    const row = (name: string) => within(screen.getByTestId(`tool-row-${name}`));
    await waitFor(() => expect(row("m2hv").getByTestId("tool-state")).toBeTruthy());
    expect(row("m2hv").getByTestId("tool-state").textContent).toBe("Not installed");
    expect(row("m2lv").getByTestId("tool-program").textContent).toBe("/opt/mauro/bin/m2lv");
    expect(row("m2lv").getByTestId("tool-version").textContent).toBe("m2lv 2.3 (Mauro-TeX)");
    expect(row("pdflatex").getByTestId("tool-state").textContent).toMatch(/^Installed/);
    expect(row("m2lv-pdf").getByTestId("tool-steps").textContent).toBe("Steps: m2lv → pdflatex");
    expect(row("m2ledmac-pdf").getByTestId("tool-steps").textContent).toBe(
      "Steps: m2ledmac → pdflatex Missing or switched off: m2ledmac",
    );
    expect(screen.getByTestId("tool-sandbox").textContent).toBe(
      "Programs run in a bubblewrap sandbox.",
    );
    const support = screen.getByTestId("tool-support-states");
    expect(support.textContent).toContain("/srv/maurotex/support found; files: 5");
    expect(support.textContent).toContain("/srv/elsewhere not found");

    const field = screen.getByTestId<HTMLTextAreaElement>("tool-support-folders");
    expect(field.value).toBe("/srv/maurotex/support\n/srv/elsewhere");
    fireEvent.change(field, { target: { value: " /srv/maurotex/support \n\n/opt/styles\n" } });
    fireEvent.click(screen.getByTestId("global-tools-submit"));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(true),
    );
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
    const sent = JSON.parse(put?.[1]?.body as string) as Settings;
    expect(sent.tools.supportFolders).toEqual(["/srv/maurotex/support", "/opt/styles"]);
    // Saved: the states are read again (the programs or folders may have changed).
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url === "/api/mauro/tools")).toHaveLength(2),
    );
    useAuthStore.setState({ user: null });
  });
});
