import type { Settings } from "@scriptorium/shared";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../state/auth-store";
import { renderGlobalSettings } from "./render-global-settings";

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
  defaults: { scope: ".", commands: [], perm: {} },
  rules: [],
  shell: [],
  commands: {},
  tus: { chunkSize: 10 * 1024 * 1024, retryCount: 5 },
  trash: { days: 30, maxBytesPerUser: 0 },
  webdav: { enabled: true, allowAccountPassword: false, refuseMacMetadata: false },
} as unknown as Settings;

const box = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);
const submit = () => screen.getByTestId<HTMLButtonElement>("global-webdav-submit");

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  useAuthStore.setState({ jwt: "t.o.k" });
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("global settings: WebDAV", () => {
  it("saves the three switches with the other settings, by its own Save button", async () => {
    fetchMock.mockResolvedValueOnce(Response.json(SETTINGS));
    renderGlobalSettings("webdav");
    await screen.findByTestId("global-webdav-form");
    expect(box("global-webdav-enabled").checked).toBe(true);
    expect(box("global-webdav-account-password").checked).toBe(false);
    expect(box("global-webdav-mac-metadata").checked).toBe(false);
    expect(submit().disabled).toBe(true);
    fireEvent.click(box("global-webdav-enabled"));
    fireEvent.click(box("global-webdav-account-password"));
    fireEvent.click(box("global-webdav-mac-metadata"));
    expect(submit().disabled).toBe(false);
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 200 }));
    fireEvent.click(submit());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe("/api/settings");
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(init?.body as string)).toEqual({
      ...SETTINGS,
      webdav: { enabled: false, allowAccountPassword: true, refuseMacMetadata: true },
    });
    // Saved: nothing left to save.
    await waitFor(() => expect(submit().disabled).toBe(true));
  });

  it("warns that clients store the account password, and describes its checkbox with it", async () => {
    fetchMock.mockResolvedValueOnce(Response.json(SETTINGS));
    renderGlobalSettings("webdav");
    const account = await screen.findByTestId("global-webdav-account-password");
    const warning = screen.getByTestId("global-webdav-account-warning");
    expect(account.getAttribute("aria-describedby")).toBe(warning.id);
    expect(warning.textContent).toContain("WebDAV clients store the password they are given");
    expect(screen.getByLabelText("Serve WebDAV at /dav/")).toBe(box("global-webdav-enabled"));
  });

  it("shows the defaults (served, app passwords only, macOS files accepted) when the server sends no webdav", async () => {
    const old: Record<string, unknown> = { ...SETTINGS };
    delete old.webdav;
    fetchMock.mockResolvedValueOnce(Response.json(old));
    renderGlobalSettings("webdav");
    await screen.findByTestId("global-webdav-form");
    expect(box("global-webdav-enabled").checked).toBe(true);
    expect(box("global-webdav-account-password").checked).toBe(false);
    expect(box("global-webdav-mac-metadata").checked).toBe(false);
  });

  it("asks before leaving with a change not saved", async () => {
    fetchMock.mockResolvedValueOnce(Response.json(SETTINGS));
    const { router } = renderGlobalSettings("webdav");
    fireEvent.click(await screen.findByTestId("global-webdav-mac-metadata"));
    await act(() => router.navigate("/settings/global/trash"));
    expect(screen.getByTestId("unsaved-changes").textContent).toContain("not saved");
  });
});
