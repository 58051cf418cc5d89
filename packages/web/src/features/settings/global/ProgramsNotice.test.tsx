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

  it("says what turns them on, and the shell card says what it needs (issue 31)", async () => {
    window.FileBrowser = { EnableExec: false };
    try {
      const notice = await renderWith({
        mode: "off",
        reason: "bubblewrap (bwrap) is not installed",
      });
      expect(notice.textContent).toContain(
        "install bubblewrap (0.8 or newer) on the server machine and restart the server",
      );
      const execOff = await screen.findByTestId("global-exec-off");
      expect(execOff.querySelector("code")?.textContent).toBe(
        "scriptorium config set --enableExec",
      );
      expect(execOff.textContent).toContain("without a restart");
      expect((await screen.findByTestId("global-needs-bwrap")).textContent).toContain(
        "it does not work here (bubblewrap (bwrap) is not installed)",
      );
    } finally {
      delete window.FileBrowser;
    }
  });

  it("says nothing of enableExec or bubblewrap when the shell has both", async () => {
    window.FileBrowser = { EnableExec: true };
    try {
      await renderWith({ mode: "sandboxed" });
      await screen.findByTestId("global-shell");
      expect(screen.queryByTestId("global-exec-off")).toBeNull();
      expect(screen.queryByTestId("global-needs-bwrap")).toBeNull();
    } finally {
      delete window.FileBrowser;
    }
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
