import { act, render, screen } from "@testing-library/react";
import i18n from "i18next";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_GLOBALS, updateGlobals } from "../../lib/globals";
import { ProductDescription } from "./ProductDescription";

const TEXTS = {
  description: {
    it: "Piattaforma dell’Edizione.\n\nSeconda parte.",
    en: "The edition's platform.",
  },
  contact: { it: "coordinatore@example.org", en: "https://example.org/account" },
  fallback: "",
};

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("the login page's texts (issue 31)", () => {
  it("shows nothing when the admin wrote nothing: no invented contact", () => {
    window.FileBrowser = { ...DEFAULT_GLOBALS };
    render(<ProductDescription />);
    expect(screen.queryByTestId("login-about")).toBeNull();
    expect(document.body.textContent).not.toMatch(/@|Maurolico/);
  });

  it("shows each language its own description and contact", async () => {
    window.FileBrowser = { ...DEFAULT_GLOBALS, LoginTexts: TEXTS };
    render(<ProductDescription />);
    expect(screen.getByTestId("login-description").textContent).toBe("The edition's platform.");
    expect(screen.getByTestId("login-description").getAttribute("lang")).toBe("en");
    const url = screen.getByRole("link");
    expect(url.getAttribute("href")).toBe("https://example.org/account");
    await act(() => i18n.changeLanguage("it"));
    const paragraphs = screen.getByTestId("login-description").querySelectorAll("p");
    expect([...paragraphs].map((p) => p.textContent)).toEqual([
      "Piattaforma dell’Edizione.",
      "Seconda parte.",
    ]);
    expect(screen.getByRole("link").getAttribute("href")).toBe("mailto:coordinatore@example.org");
  });

  it("falls back to the language the admin chose, and to nothing without one", async () => {
    window.FileBrowser = { ...DEFAULT_GLOBALS, LoginTexts: TEXTS };
    render(<ProductDescription />);
    await act(() => i18n.changeLanguage("de"));
    expect(screen.queryByTestId("login-about")).toBeNull();
    act(() => updateGlobals({ LoginTexts: { ...TEXTS, fallback: "it" } }));
    const description = screen.getByTestId("login-description");
    expect(description.getAttribute("lang")).toBe("it");
    expect(description.textContent).toContain("Piattaforma");
  });
});
