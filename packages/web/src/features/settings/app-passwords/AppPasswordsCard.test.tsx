import type { AppPassword, TokenUser } from "@scriptorium/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import "../../../app/register-prompts";
import { loadLocale } from "../../../i18n";
import { PromptHost, usePromptStore } from "../../../prompts";
import { useAuthStore } from "../../../state/auth-store";
import { useToastStore } from "../../../state/toast-store";
import { AppPasswordsCard } from "./AppPasswordsCard";

const fetchMock = vi.fn<typeof fetch>();

const PASSWORDS: AppPassword[] = [
  {
    id: 7,
    name: "rclone on the NAS",
    readOnly: true,
    createdAt: "2026-11-20T10:00:00.000Z",
    lastUsedAt: null,
  },
  {
    id: 3,
    name: "TeXstudio",
    readOnly: false,
    createdAt: "2026-11-01T09:30:00.000Z",
    lastUsedAt: "2026-11-26T18:15:00.000Z",
  },
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Answers the routes of app passwords from `list`, recording what was asked. */
function serve(list: AppPassword[], created = { id: 9, password: "k3Xq-p9Zr-44Tw-m2Lb" }) {
  fetchMock.mockImplementation((url, init) => {
    const method = init?.method ?? "GET";
    if (method === "GET") return Promise.resolve(json(200, list));
    if (method === "POST") return Promise.resolve(json(201, created));
    return Promise.resolve(new Response(null, { status: 204 }));
  });
}

const calls = (method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? "GET") === method);

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AppPasswordsCard />
      <PromptHost />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  useAuthStore.setState({ jwt: "t.o.k", user: { id: 2, username: "ada" } as TokenUser });
  useToastStore.setState({ toasts: [] });
  usePromptStore.setState({ prompts: [] });
  window.FileBrowser = { BaseURL: "/edition/" };
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  delete window.FileBrowser;
});

describe("profile: app passwords", () => {
  it("shows the WebDAV address under the base URL, and lists each password with what it may do and its use", async () => {
    serve(PASSWORDS);
    renderCard();
    expect(screen.getByTestId("dav-url").textContent).toBe(
      `${window.location.origin}/edition/dav/`,
    );
    const items = await screen.findAllByTestId("app-passwords-item");
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/edition/api/app-passwords");
    expect(screen.getByTestId("app-passwords-count").textContent).toBe("2 app passwords");
    expect(items[0]!.textContent).toContain("rclone on the NAS");
    expect(items[0]!.textContent).toContain("Read only");
    expect(within(items[0]!).getByTestId("app-passwords-last-used").textContent).toBe("Never used");
    expect(items[1]!.textContent).toContain("Read and write");
    expect(within(items[1]!).getByTestId("app-passwords-last-used").textContent).toMatch(
      /^Last used .*2026/,
    );
    expect(within(items[1]!).getByTestId("app-passwords-last-used").getAttribute("datetime")).toBe(
      "2026-11-26T18:15:00.000Z",
    );
    // Each Revoke button is named after its password.
    expect(
      screen.getAllByTestId("app-passwords-revoke").map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Revoke rclone on the NAS", "Revoke TeXstudio"]);
  });

  it("says so when there are none, and one password in the singular", async () => {
    serve([]);
    renderCard();
    expect((await screen.findByTestId("app-passwords-none")).textContent).toBe(
      "No app passwords yet.",
    );
    cleanup();
    serve([PASSWORDS[0]!]);
    renderCard();
    expect((await screen.findByTestId("app-passwords-count")).textContent).toBe("1 app password");
  });

  it("creates a read-only password, shows it once with the username, and refreshes the list", async () => {
    serve([]);
    renderCard();
    await screen.findByTestId("app-passwords-none");
    const create = screen.getByTestId<HTMLButtonElement>("app-passwords-create");
    expect(create.disabled).toBe(true);
    fireEvent.change(screen.getByTestId("app-passwords-name"), {
      target: { value: "  rclone on the NAS  " },
    });
    fireEvent.click(screen.getByTestId("app-passwords-read-only"));
    serve([PASSWORDS[0]!]);
    fireEvent.click(create);
    const panel = await screen.findByTestId("app-passwords-created");
    const [url, init] = calls("POST")[0] ?? [];
    expect(url).toBe("/edition/api/app-passwords");
    expect(JSON.parse(init?.body as string)).toEqual({
      name: "rclone on the NAS",
      readOnly: true,
    });
    expect(screen.getByTestId("app-passwords-created-password").textContent).toBe(
      "k3Xq-p9Zr-44Tw-m2Lb",
    );
    expect(screen.getByTestId("app-passwords-created-username").textContent).toBe("ada");
    expect(panel.textContent).toContain("App password for rclone on the NAS");
    expect(panel.textContent).toContain("it will not be shown again");
    // The panel takes the focus, for a screen reader to read it.
    expect(document.activeElement?.id).toBe("app-passwords-created-title");
    // The list is asked again and shows the new one; the form is empty again.
    expect(await screen.findByTestId("app-passwords-item")).toBeTruthy();
    expect(calls("GET").length).toBeGreaterThanOrEqual(2);
    expect(screen.getByTestId<HTMLInputElement>("app-passwords-name").value).toBe("");
    expect(screen.getByTestId<HTMLInputElement>("app-passwords-read-only").checked).toBe(false);
    // Done hides the password for good.
    fireEvent.click(screen.getByTestId("app-passwords-done"));
    expect(screen.queryByTestId("app-passwords-created")).toBeNull();
    expect(document.body.textContent).not.toContain("k3Xq-p9Zr-44Tw-m2Lb");
  });

  it("copies the address and the new password to the clipboard, and says so", async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    serve([]);
    renderCard();
    await screen.findByTestId("app-passwords-none");
    fireEvent.click(screen.getByRole("button", { name: "Copy the WebDAV address" }));
    await waitFor(() =>
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/edition/dav/`),
    );
    fireEvent.change(screen.getByTestId("app-passwords-name"), { target: { value: "davfs2" } });
    fireEvent.click(screen.getByTestId("app-passwords-create"));
    fireEvent.click(await screen.findByRole("button", { name: "Copy the password" }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith("k3Xq-p9Zr-44Tw-m2Lb"));
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toContain(
      "Copied to the clipboard",
    );
  });

  it("says what went wrong when the server refuses, and shows no password", async () => {
    serve([]);
    renderCard();
    await screen.findByTestId("app-passwords-none");
    fetchMock.mockResolvedValueOnce(json(400, { message: "name: too long" }));
    fireEvent.change(screen.getByTestId("app-passwords-name"), { target: { value: "x" } });
    fireEvent.click(screen.getByTestId("app-passwords-create"));
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.kind)).toEqual(["error"]),
    );
    expect(screen.queryByTestId("app-passwords-created")).toBeNull();
    // What was typed stays, to correct it.
    expect(screen.getByTestId<HTMLInputElement>("app-passwords-name").value).toBe("x");
  });

  it("revokes after a confirmation, with DELETE /api/app-passwords/{id}", async () => {
    serve(PASSWORDS);
    renderCard();
    const revoke = await screen.findAllByTestId("app-passwords-revoke");
    fireEvent.click(revoke[1]!);
    const prompt = await screen.findByTestId("prompt-confirm");
    expect(prompt.textContent).toContain("Revoke the app password TeXstudio?");
    // Cancelling revokes nothing.
    fireEvent.click(screen.getByTestId("confirm-cancel"));
    await waitFor(() => expect(screen.queryByTestId("prompt-confirm")).toBeNull());
    expect(calls("DELETE")).toHaveLength(0);
    fireEvent.click(screen.getAllByTestId("app-passwords-revoke")[1]!);
    serve([PASSWORDS[0]!]);
    fireEvent.click(await screen.findByTestId("confirm-ok"));
    await waitFor(() => expect(calls("DELETE")).toHaveLength(1));
    expect(calls("DELETE")[0]?.[0]).toBe("/edition/api/app-passwords/3");
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
        "App password TeXstudio revoked",
      ]),
    );
    await waitFor(() => expect(screen.getAllByTestId("app-passwords-item")).toHaveLength(1));
  });

  it("speaks the page's language, with its plural forms", async () => {
    const { default: i18n } = await import("i18next");
    await loadLocale("ru");
    await i18n.changeLanguage("ru");
    try {
      serve([
        ...PASSWORDS,
        { ...PASSWORDS[0]!, id: 8 },
        { ...PASSWORDS[0]!, id: 9 },
        { ...PASSWORDS[0]!, id: 10 },
      ]);
      renderCard();
      expect((await screen.findByTestId("app-passwords-count")).textContent).toBe(
        "5 паролей приложений",
      );
      expect(screen.getAllByTestId("app-passwords-last-used")[0]!.textContent).toBe(
        "Ни разу не использовался",
      );
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
