import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { QrCode, qrPath } from "./QrCode";

function pathOf(container: HTMLElement): string {
  return container.querySelector("svg path")?.getAttribute("d") ?? "";
}

describe("QrCode", () => {
  it("renders an SVG of the asked size with an accessible name and a title", () => {
    const { container, getByRole } = render(
      <QrCode value="https://example.test/share/abc" size={180} label="Share link QR code" />,
    );
    const svg = container.querySelector("svg");
    expect(svg?.getAttribute("width")).toBe("180");
    expect(svg?.getAttribute("height")).toBe("180");
    expect(getByRole("img", { name: "Share link QR code" })).toBe(svg);
    expect(svg?.querySelector("title")?.textContent).toBe("Share link QR code");
    expect(pathOf(container)).toMatch(/^M\d+ \d+h1v1h-1z/);
  });

  it("draws different modules for different values", () => {
    const a = render(<QrCode value="https://example.test/share/aaaa" size={100} />);
    const b = render(<QrCode value="https://example.test/share/bbbb" size={100} />);
    expect(pathOf(a.container)).not.toBe(pathOf(b.container));
    expect(pathOf(a.container)).not.toBe("");
  });

  it("picks the smallest version that fits and keeps a quiet zone in the view box", () => {
    // Version 1 is 21 modules; a 4-module quiet zone each side makes 29.
    expect(qrPath("hi").modules).toBe(21);
    const { container } = render(<QrCode value="hi" size={64} />);
    expect(container.querySelector("svg")?.getAttribute("viewBox")).toBe("0 0 29 29");
    // A long link needs a larger version.
    expect(qrPath(`https://example.test/share/${"x".repeat(120)}`).modules).toBeGreaterThan(21);
  });
});
