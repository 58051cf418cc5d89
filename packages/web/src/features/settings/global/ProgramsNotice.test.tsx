import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { ProgramsState, Settings } from "@scriptorium/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../state/auth-store";
import { useToastStore } from "../../../state/toast-store";
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
  defaults: { scope: ".", commands: [], perm: { execute: true } },
  rules: [],
  shell: [],
  commands: {},
  tus: { chunkSize: 10 * 1024 * 1024, retryCount: 5 },
} as unknown as Settings;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderWith(programs: ProgramsState) {
  fetchMock.mockResolvedValueOnce(json(200, { ...SETTINGS, programs }));
  renderGlobalSettings("shell");
  return screen.findByTestId("global-programs");
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

describe("global settings: how programs run (issue 27)", () => {
  it("says that programs are off, and why", async () => {
    const notice = await renderWith({
      mode: "off",
      reason: "bubblewrap (bwrap) is not installed",
    });
    expect(notice.dataset.mode).toBe("off");
    expect(notice.textContent).toMatch(
      /^Programs are off: .*\(bubblewrap \(bwrap\) is not installed\)/,
    );
  });

  it("warns when they run without a sandbox (--unsandboxed-programs)", async () => {
    const notice = await renderWith({
      mode: "unsandboxed",
      reason: "bubblewrap cannot create namespaces here",
    });
    expect(notice.textContent).toContain("--unsandboxed-programs");
    expect(notice.textContent).toContain("bubblewrap cannot create namespaces here");
  });

  it("says they run in bubblewrap, and keeps that after a save, which never sends it", async () => {
    const notice = await renderWith({ mode: "sandboxed" });
    expect(notice.textContent).toMatch(/bubblewrap sandbox/);
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 200 }));
    fireEvent.change(await screen.findByTestId("global-shell"), { target: { value: "sh -c" } });
    fireEvent.click(screen.getByTestId("global-shell-submit"));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [, init] = fetchMock.mock.calls[1] ?? [];
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(init?.body as string)).not.toHaveProperty("programs");
    expect((await screen.findByTestId("global-programs")).dataset.mode).toBe("sandboxed");
  });
});
