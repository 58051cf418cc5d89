import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { ServerSettings, Settings } from "@scriptorium/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../state/auth-store";
import { useToastStore } from "../../../state/toast-store";
import { renderGlobalSettings } from "./render-global-settings";
import type { GlobalSectionId } from "./sections";

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
} as unknown as Settings;

const SERVER: ServerSettings = {
  authMethod: "json",
  authHeader: "",
  recaptchaHost: "https://www.google.com",
  recaptchaKey: "site-key",
  recaptchaSecretSet: true,
  enableExec: false,
  tokenExpirationTime: "2h",
  minimumPasswordLength: 12,
  enableThumbnails: true,
  resizePreview: true,
  version: "0.1.0",
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const toasts = () => useToastStore.getState().toasts.map((toast) => toast.message);

function renderPage(section: GlobalSectionId = "branding") {
  renderGlobalSettings(section);
}

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  useAuthStore.setState({ jwt: "t.o.k" });
  useToastStore.setState({ toasts: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("global settings: branding", () => {
  it("saves name, dark theme and colour inside the whole settings object", async () => {
    fetchMock.mockResolvedValueOnce(json(200, SETTINGS));
    renderPage();
    fireEvent.change(await screen.findByTestId("global-branding-name"), {
      target: { value: "Edizione" },
    });
    fireEvent.change(screen.getByTestId("global-branding-theme"), { target: { value: "dark" } });
    fireEvent.change(screen.getByTestId("global-branding-color"), {
      target: { value: "#8a2be2" },
    });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 200 }));
    fireEvent.click(screen.getByTestId("global-branding-submit"));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe("/api/settings");
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(init?.body as string)).toEqual({
      ...SETTINGS,
      branding: {
        ...SETTINGS.branding,
        name: "Edizione",
        theme: "dark",
        color: "#8a2be2",
        // The login page's texts (issue 31), empty as they were.
        login: { description: {}, contact: {}, fallback: "" },
      },
    });
    await waitFor(() => expect(toasts()).toEqual(["Settings updated!"]));
  });

  it("shows the server's message when it refuses the settings (400)", async () => {
    fetchMock.mockResolvedValueOnce(json(200, SETTINGS));
    renderPage();
    fireEvent.change(await screen.findByTestId("global-branding-files"), {
      target: { value: "relative/folder" },
    });
    fetchMock.mockResolvedValueOnce(
      json(400, {
        status: 400,
        code: "BAD_REQUEST",
        message: "branding.files must be an absolute path",
      }),
    );
    fireEvent.click(screen.getByTestId("global-branding-submit"));
    await waitFor(() => expect(toasts()).toEqual(["branding.files must be an absolute path"]));
  });
});

describe("global settings: server", () => {
  it("loads when opened, shows the command-line settings read-only and saves the four others", async () => {
    fetchMock.mockResolvedValueOnce(json(200, SETTINGS));
    fetchMock.mockResolvedValueOnce(json(200, SERVER));
    renderPage("server");
    const card = await screen.findByTestId("global-server-form");
    const facts = await screen.findByTestId("global-server-facts");
    expect(fetchMock.mock.calls[1]?.[0]).toMatch(/\/api\/settings\/server$/);
    expect(facts.textContent).toContain("json");
    expect(facts.textContent).toContain("site-key");
    expect(facts.querySelectorAll("input")).toHaveLength(0);
    expect(card.textContent).toContain("scriptorium config set");

    fireEvent.change(screen.getByTestId("global-token-lifetime"), { target: { value: "90m" } });
    fireEvent.change(screen.getByTestId("global-min-password"), { target: { value: "16" } });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 200 }));
    fetchMock.mockResolvedValueOnce(json(200, SERVER));
    fireEvent.click(screen.getByTestId("global-server-submit"));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(3));
    const [url, init] = fetchMock.mock.calls[2] ?? [];
    expect(url).toMatch(/\/api\/settings\/server$/);
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(init?.body as string)).toEqual({
      tokenExpirationTime: "90m",
      minimumPasswordLength: 16,
      enableThumbnails: true,
      resizePreview: true,
    });
    await waitFor(() => expect(toasts()).toEqual(["Settings updated!"]));
  });
});
