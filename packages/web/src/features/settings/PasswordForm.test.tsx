import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { TokenUser } from "@scriptorium/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../state/auth-store";
import { useToastStore } from "../../state/toast-store";
import { PasswordForm } from "./PasswordForm";

const fetchMock = vi.fn<typeof fetch>();

const USER = { id: 7, username: "ada" } as TokenUser;

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PasswordForm />
    </QueryClientProvider>,
  );
}

const field = (name: string) =>
  document.querySelector<HTMLInputElement>(`[data-testid="password-form"] input[name="${name}"]`)!;

function fill(current: string, password: string, confirm = password) {
  fireEvent.change(field("currentPassword"), { target: { value: current } });
  fireEvent.change(field("password"), { target: { value: password } });
  fireEvent.change(field("passwordConfirm"), { target: { value: confirm } });
  fireEvent.click(screen.getByTestId("password-submit"));
}

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  useAuthStore.setState({ jwt: "t.o.k", user: USER });
  useToastStore.setState({ toasts: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("change-password form", () => {
  it("has a current-password field that password managers recognise", () => {
    renderForm();
    expect(field("currentPassword").type).toBe("password");
    expect(field("currentPassword").autocomplete).toBe("current-password");
    expect(screen.getByLabelText("Your current password")).toBe(field("currentPassword"));
  });

  it("sends the current password in current_password beside the new one", async () => {
    fetchMock.mockResolvedValueOnce(new Response("200 OK", { status: 200 }));
    renderForm();
    fill("old-password-12", "a-new-password-42");
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toMatch(/\/api\/users\/7$/);
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(init?.body as string)).toEqual({
      what: "user",
      which: ["password"],
      current_password: "old-password-12",
      data: { password: "a-new-password-42", id: 7 },
    });
    await waitFor(() => expect(field("currentPassword").value).toBe(""));
    expect(field("password").value).toBe("");
  });

  it("sends nothing while the new passwords differ", () => {
    renderForm();
    fill("old-password-12", "a-new-password-42", "a-new-password-43");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the minimum length before anything is sent: red and disabled while too short", () => {
    window.FileBrowser = { ...window.FileBrowser, MinimumPasswordLength: 16 };
    try {
      renderForm();
      const hint = screen.getByTestId("password-length");
      expect(hint.textContent).toMatch(/16/);
      fill("old-password-12", "fifteen-chars-x");
      expect(hint.className).toMatch(/password-hint--bad/);
      expect(field("password").getAttribute("aria-invalid")).toBe("true");
      expect(screen.getByTestId<HTMLButtonElement>("password-submit").disabled).toBe(true);
      expect(fetchMock).not.toHaveBeenCalled();
      fill("old-password-12", "sixteen-chars-xy");
      expect(hint.className).not.toMatch(/password-hint--bad/);
      expect(screen.getByTestId<HTMLButtonElement>("password-submit").disabled).toBe(false);
    } finally {
      delete (window.FileBrowser as { MinimumPasswordLength?: number }).MinimumPasswordLength;
    }
  });

  it("shows the server's message when the current password is wrong, and keeps the fields", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({
          status: 400,
          code: "CURRENT_PASSWORD_INCORRECT",
          message: "The current password is incorrect",
        }),
        { status: 400, headers: { "content-type": "application/json" } },
      ),
    );
    renderForm();
    fill("wrong-password", "a-new-password-42");
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.message)).toContain(
        "The current password is incorrect",
      ),
    );
    expect(field("password").value).toBe("a-new-password-42");
  });
});
