import { describe, expect, it } from "vitest";
import { ICON_PATHS } from "../../components/icon-paths";
import { completionIconName, renderCompletionIcon } from "./completion-icons";

describe("completion icons", () => {
  it("draws the app's icon of a completion's type as an SVG", () => {
    const svg = renderCompletionIcon({ label: "\\VV", type: "keyword" }) as SVGSVGElement;
    expect(svg.namespaceURI).toBe("http://www.w3.org/2000/svg");
    expect(svg.getAttribute("aria-hidden")).toBe("true");
    expect(svg.dataset.icon).toBe("toolHtml");
    expect(svg.querySelector("path")?.getAttribute("d")).toBe(ICON_PATHS.toolHtml);
  });

  it("knows the sigla, several types and unknown ones", () => {
    expect(completionIconName("constant")).toBe("witnessView");
    expect(completionIconName("deprecated function")).toBe("terminal");
    expect(completionIconName("something")).toBe("outline");
    expect(completionIconName(undefined)).toBe("outline");
  });
});
