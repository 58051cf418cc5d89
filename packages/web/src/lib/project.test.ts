import { describe, expect, it } from "vitest";
import { reportIssueHref } from "./project";

describe("reportIssueHref", () => {
  it("is null with no address: no button rather than a made-up address", () => {
    expect(reportIssueHref(undefined, "boom")).toBeNull();
    expect(reportIssueHref("  ", "boom")).toBeNull();
  });
  it("leads to the configured tracker as it is", () => {
    expect(reportIssueHref("https://git.example.org/edizione/issues/new", "boom")).toBe(
      "https://git.example.org/edizione/issues/new",
    );
  });
  it("fills in the error for a mailto: address", () => {
    const href = reportIssueHref("mailto:curatore@example.org", "Rename failed: 403") ?? "";
    const url = new URL(href);
    expect(url.protocol).toBe("mailto:");
    expect(url.searchParams.get("subject")).toBe("Rename failed: 403");
    expect(url.searchParams.get("body")).toContain("Rename failed: 403");
  });
});
