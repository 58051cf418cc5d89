import { ACTIVITY_DEFAULTS, VERSION_DEFAULTS, type Settings } from "@scriptorium/shared";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../state/auth-store";
import { renderGlobalSettings } from "./render-global-settings";
import type { GlobalSectionId } from "./sections";
import { parsePercent, validPattern } from "./VersionSettingsForm";

const fetchMock = vi.fn<typeof fetch>();
const MIB = 1024 * 1024;

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
  tus: { chunkSize: 10 * MIB, retryCount: 5 },
  trash: { days: 30, maxBytesPerUser: 0 },
  versions: {
    enabled: true,
    maxFileBytes: 100 * MIB,
    maxAgeDays: 0,
    maxSharePercent: 50,
    toolOutputFolders: "",
  },
  activity: { days: 365 },
} as unknown as Settings;

function renderPage(settings: unknown, section: GlobalSectionId = "versions") {
  fetchMock.mockResolvedValueOnce(Response.json(settings));
  renderGlobalSettings(section);
}

const input = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);

/** Submits with `submit` and answers the PUT; the body sent. */
async function saved(submit: string): Promise<unknown> {
  fetchMock.mockResolvedValueOnce(new Response(null, { status: 200 }));
  fireEvent.click(screen.getByTestId(submit));
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  const [url, init] = fetchMock.mock.calls[1] ?? [];
  expect(url).toBe("/api/settings");
  expect(init?.method).toBe("PUT");
  return JSON.parse(init?.body as string);
}

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  useAuthStore.setState({ jwt: "t.o.k" });
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("global settings: versions", () => {
  it("shows the saved values and saves every field with the other settings", async () => {
    renderPage(SETTINGS);
    const form = await screen.findByTestId("global-versions-form");
    expect(input("global-versions-enabled").checked).toBe(true);
    expect(input("global-versions-max-size").value).toBe("100");
    expect(input("global-versions-max-age").value).toBe("0");
    expect(input("global-versions-share").value).toBe("50");
    expect(input("global-versions-tool-folders").value).toBe("");
    expect(form.textContent).toContain("Files larger than 100.00 MiB keep no versions.");

    fireEvent.click(input("global-versions-enabled"));
    fireEvent.change(input("global-versions-max-size"), { target: { value: "2048" } });
    expect(form.textContent).toContain("Files larger than 2.00 GiB keep no versions.");
    fireEvent.change(input("global-versions-max-age"), { target: { value: "90" } });
    fireEvent.change(input("global-versions-share"), { target: { value: "25" } });
    fireEvent.change(input("global-versions-tool-folders"), { target: { value: " _m2lv$ " } });
    expect(await saved("global-versions-submit")).toEqual({
      ...SETTINGS,
      versions: {
        enabled: false,
        maxFileBytes: 2048 * MIB,
        maxAgeDays: 90,
        maxSharePercent: 25,
        toolOutputFolders: "_m2lv$",
      },
    });
  });

  it("refuses a tool-output pattern that is not a regular expression", async () => {
    renderPage(SETTINGS);
    await screen.findByTestId("global-versions-form");
    const field = input("global-versions-tool-folders");
    fireEvent.change(field, { target: { value: "out(" } });
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("alert").textContent).toBe("This is not a valid regular expression.");
    const submit = screen.getByTestId<HTMLButtonElement>("global-versions-submit");
    expect(submit.disabled).toBe(true);
    fireEvent.submit(screen.getByTestId("global-versions-form"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fireEvent.change(field, { target: { value: "out$" } });
    expect(field.getAttribute("aria-invalid")).toBeNull();
    expect(submit.disabled).toBe(false);
  });

  it("shows the defaults when the server sends no versions or activity settings", async () => {
    const old: Record<string, unknown> = { ...SETTINGS };
    delete old.versions;
    delete old.activity;
    renderPage(old);
    await screen.findByTestId("global-versions-form");
    expect(input("global-versions-enabled").checked).toBe(VERSION_DEFAULTS.enabled);
    expect(input("global-versions-max-size").value).toBe("100");
    expect(input("global-versions-share").value).toBe(String(VERSION_DEFAULTS.maxSharePercent));
  });

  it("shows the activity log's defaults when the server sends none", async () => {
    const old: Record<string, unknown> = { ...SETTINGS };
    delete old.activity;
    renderPage(old, "activity");
    await screen.findByTestId("global-activity-form");
    expect(input("global-activity-days").value).toBe(String(ACTIVITY_DEFAULTS.days));
  });

  it("reads percentages and patterns", () => {
    expect(parsePercent("50")).toBe(50);
    expect(parsePercent("12.7")).toBe(12);
    expect(parsePercent("-3")).toBe(0);
    expect(parsePercent("")).toBe(0);
    expect(parsePercent("5000")).toBe(1000);
    expect(validPattern("")).toBe(true);
    expect(validPattern("^/out$")).toBe(true);
    expect(validPattern("[")).toBe(false);
  });
});

describe("global settings: activity log", () => {
  it("saves the days kept with the other settings; 0 keeps it for ever", async () => {
    renderPage({ ...SETTINGS, activity: { days: 90 } }, "activity");
    const form = await screen.findByTestId("global-activity-form");
    expect(input("global-activity-days").value).toBe("90");
    expect(form.textContent).toContain("0 keeps them for ever.");
    fireEvent.change(input("global-activity-days"), { target: { value: "0" } });
    expect(await saved("global-activity-submit")).toEqual({ ...SETTINGS, activity: { days: 0 } });
  });
});
