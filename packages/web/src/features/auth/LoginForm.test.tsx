import { fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiCall } from "../../api/client";
import type * as ClientModule from "../../api/client";
import { StatusError } from "../../api/errors";
import { DEFAULT_GLOBALS } from "../../lib/globals";
import { useAuthStore } from "../../state/auth-store";
import { LoginPage } from "./LoginPage";

vi.mock("../../api/client", async (importOriginal) => ({
  ...(await importOriginal<typeof ClientModule>()),
  apiCall: vi.fn(),
}));

const mockedApiCall = vi.mocked(apiCall);

function b64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const TOKEN = `${b64url({ alg: "HS256" })}.${b64url({
  user: { id: 2, username: "ada", locale: "en", perm: { admin: false, create: true } },
  sid: "s",
  iss: "File Browser",
  exp: 9_999_999_999,
  iat: 1,
})}.sig`;

function renderLogin(url = "/login") {
  const router = createMemoryRouter(
    [
      { path: "/login", element: <LoginPage /> },
      { path: "/files/*", element: <p>files page</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function fill(name: string, value: string) {
  const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) throw new Error(`no input ${name}`);
  fireEvent.change(input, { target: { value } });
}

const submit = () => {
  const button = document.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) throw new Error("no submit button");
  fireEvent.click(button);
};

describe("login form", () => {
  beforeEach(() => {
    mockedApiCall.mockReset();
    useAuthStore.getState().clear();
  });

  it("shows the app's version, and no signup toggle when signup is off", () => {
    window.FileBrowser = { ...DEFAULT_GLOBALS, Version: "0.1.0" };
    renderLogin();
    expect(screen.getByTestId("login-version").textContent).toBe("version 0.1.0");
    expect(screen.queryByTestId("login-toggle")).toBeNull();
    expect(document.querySelector('input[name="passwordConfirm"]')).toBeNull();
  });

  it("refuses mismatched passwords in signup mode without calling the server", () => {
    window.FileBrowser = { ...DEFAULT_GLOBALS, Signup: true };
    renderLogin();
    fireEvent.click(screen.getByTestId("login-toggle"));
    fill("username", "ada");
    fill("password", "correct horse battery");
    fill("passwordConfirm", "correct horse battery staple");
    submit();
    expect(screen.getByRole("alert").textContent).toBe("Passwords don't match");
    expect(mockedApiCall).not.toHaveBeenCalled();
  });

  it("shows wrong credentials on a 403", async () => {
    mockedApiCall.mockRejectedValueOnce(
      new StatusError("Wrong credentials", 403, { code: "WRONG_CREDENTIALS" }),
    );
    renderLogin();
    fill("username", "ada");
    fill("password", "nope");
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe("Wrong credentials");
    expect(mockedApiCall).toHaveBeenCalledWith("login", {
      body: { username: "ada", password: "nope", recaptcha: "" },
    });
    expect(useAuthStore.getState().user).toBeNull();
  });

  it("shows the wait time when rate limited", async () => {
    mockedApiCall.mockRejectedValueOnce(
      new StatusError("Too many attempts", 429, { code: "RATE_LIMITED", retryAfter: 30 }),
    );
    renderLogin();
    fill("username", "ada");
    fill("password", "nope");
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Too many attempts. Try again in 30 seconds.",
    );
  });

  it("logs in and goes to the redirect target", async () => {
    mockedApiCall.mockResolvedValueOnce(TOKEN);
    const router = renderLogin("/login?redirect=%2Ffiles%2Fdocs%2F");
    fill("username", "ada");
    fill("password", "secret secret");
    submit();
    expect(await screen.findByText("files page")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/files/docs/");
    expect(useAuthStore.getState().user?.username).toBe("ada");
    expect(localStorage.getItem("jwt")).toBe(TOKEN);
  });

  it("signs up, then logs in", async () => {
    window.FileBrowser = { ...DEFAULT_GLOBALS, Signup: true };
    mockedApiCall.mockResolvedValueOnce("").mockResolvedValueOnce(TOKEN);
    renderLogin();
    fireEvent.click(screen.getByTestId("login-toggle"));
    fill("username", "ada");
    fill("password", "secret secret");
    fill("passwordConfirm", "secret secret");
    submit();
    expect(await screen.findByText("files page")).toBeTruthy();
    expect(mockedApiCall.mock.calls.map((call) => call[0])).toEqual(["signup", "login"]);
  });

  it("reports a taken username", async () => {
    window.FileBrowser = { ...DEFAULT_GLOBALS, Signup: true };
    mockedApiCall.mockRejectedValueOnce(new StatusError("exists", 409, { code: "ALREADY_EXISTS" }));
    renderLogin();
    fireEvent.click(screen.getByTestId("login-toggle"));
    fill("username", "ada");
    fill("password", "secret secret");
    fill("passwordConfirm", "secret secret");
    submit();
    expect((await screen.findByRole("alert")).textContent).toBe("Username already taken");
  });
});
