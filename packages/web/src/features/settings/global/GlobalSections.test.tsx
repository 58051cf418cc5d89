import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { Settings } from "@scriptorium/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getGlobals, useGlobals } from "../../../lib/globals";
import { useAuthStore } from "../../../state/auth-store";
import { useToastStore } from "../../../state/toast-store";
import { renderGlobalSettings } from "./render-global-settings";

/** Issue 31: sections saved one by one, a guard on unsaved changes, branding applied at once. */
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
    login: { description: {}, contact: {}, fallback: "" },
  },
  defaults: { scope: ".", commands: [], perm: { execute: true } },
  rules: [],
  shell: [],
  commands: {},
  tus: { chunkSize: 10 * 1024 * 1024, retryCount: 5 },
} as unknown as Settings;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const button = (testId: string) => screen.getByTestId<HTMLButtonElement>(testId);

/** The body of the n-th request (1 = the first after the page's GET). */
const sentBody = (n: number) =>
  JSON.parse(fetchMock.mock.calls[n]?.[1]?.body as string) as Settings;

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  useAuthStore.setState({ jwt: "t.o.k" });
  useToastStore.setState({ toasts: [] });
  fetchMock.mockResolvedValueOnce(json(200, SETTINGS));
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe("a section's Save button", () => {
  it("is enabled only while a field differs from what is saved, and disabled again after a save", async () => {
    renderGlobalSettings("general");
    const signup = await screen.findByTestId("global-signup");
    expect(button("global-general-submit").disabled).toBe(true);
    expect(button("global-general-submit").textContent).toBe("Save");
    fireEvent.click(signup);
    expect(button("global-general-submit").disabled).toBe(false);
    fireEvent.click(signup);
    expect(button("global-general-submit").disabled).toBe(true);
    fireEvent.click(signup);
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 200 }));
    fireEvent.click(button("global-general-submit"));
    await waitFor(() => expect(sentBody(1).signup).toBe(true));
    await waitFor(() => expect(button("global-general-submit").disabled).toBe(true));
    expect(screen.getByTestId<HTMLInputElement>("global-signup").checked).toBe(true);
  });
});

describe("the unsaved-changes guard", () => {
  it("asks before leaving a section with changes: Stay keeps them, Leave goes", async () => {
    const { router } = renderGlobalSettings("branding");
    const name = await screen.findByTestId<HTMLInputElement>("global-branding-name");
    // Nothing changed: no question.
    await act(() => router.navigate("/settings/global/general"));
    expect(await screen.findByTestId("global-general-form")).toBeTruthy();
    await act(() => router.navigate("/settings/global/branding"));
    fireEvent.change(await screen.findByTestId("global-branding-name"), {
      target: { value: "Edizione" },
    });
    await act(() => router.navigate("/settings/global/general"));
    expect(screen.getByTestId("unsaved-changes").textContent).toContain("not saved");
    fireEvent.click(button("unsaved-stay"));
    expect(screen.queryByTestId("unsaved-changes")).toBeNull();
    expect(router.state.location.pathname).toBe("/settings/global/branding");
    expect(screen.getByTestId<HTMLInputElement>("global-branding-name").value).toBe("Edizione");
    await act(() => router.navigate("/files/"));
    fireEvent.click(button("unsaved-leave"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/files/"));
    expect(name.isConnected).toBe(false);
  });

  it("asks the browser before the tab closes with unsaved changes", async () => {
    renderGlobalSettings("branding");
    const unload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    fireEvent.change(await screen.findByTestId("global-branding-name"), {
      target: { value: "x" },
    });
    expect(unload()).toBe(true);
    fireEvent.change(screen.getByTestId("global-branding-name"), { target: { value: "" } });
    expect(unload()).toBe(false);
  });
});

describe("branding", () => {
  it("applies a saved name at once to what shows the globals", async () => {
    function Brand() {
      return <span data-testid="brand">{useGlobals().Name}</span>;
    }
    render(<Brand />);
    renderGlobalSettings("branding");
    expect(screen.getByTestId("brand").textContent).toBe("Scriptorium");
    fireEvent.change(await screen.findByTestId("global-branding-name"), {
      target: { value: "Edizione Maurolico" },
    });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 200 }));
    fireEvent.click(button("global-branding-submit"));
    await waitFor(() => expect(screen.getByTestId("brand").textContent).toBe("Edizione Maurolico"));
    expect(getGlobals().Name).toBe("Edizione Maurolico");
  });

  it("saves a description and a contact per language, and refuses a contact that is no address", async () => {
    renderGlobalSettings("branding");
    const language = await screen.findByTestId("global-login-language");
    const description = () => screen.getByTestId<HTMLTextAreaElement>("global-login-description");
    const contact = () => screen.getByTestId<HTMLInputElement>("global-login-contact");
    fireEvent.change(language, { target: { value: "it" } });
    // Choosing the language shown is no change.
    expect(button("global-branding-submit").disabled).toBe(true);
    expect(description().getAttribute("lang")).toBe("it");
    fireEvent.change(description(), { target: { value: "Piattaforma dell’Edizione." } });
    fireEvent.change(contact(), { target: { value: "not an address" } });
    expect(contact().getAttribute("aria-invalid")).toBe("true");
    expect(button("global-branding-submit").disabled).toBe(true);
    fireEvent.change(contact(), { target: { value: "coordinatore@example.org" } });
    fireEvent.change(language, { target: { value: "en" } });
    expect(description().value).toBe("");
    fireEvent.change(description(), { target: { value: "The edition's platform." } });
    fireEvent.change(screen.getByTestId("global-login-fallback"), { target: { value: "it" } });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 200 }));
    fireEvent.click(button("global-branding-submit"));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(sentBody(1).branding.login).toEqual({
      description: { it: "Piattaforma dell’Edizione.", en: "The edition's platform." },
      contact: { it: "coordinatore@example.org" },
      fallback: "it",
    });
    await waitFor(() => expect(getGlobals().LoginTexts?.fallback).toBe("it"));
  });
});
