import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { Rule } from "@scriptorium/shared";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../state/auth-store";
import { RulesEditor, rulesAreValid } from "./RulesEditor";

const fetchMock = vi.fn<typeof fetch>();

function Harness({ initial, onRules }: { initial: Rule[]; onRules: (r: Rule[]) => void }) {
  const [rules, setRules] = useState(initial);
  return (
    <RulesEditor
      value={rules}
      onChange={(next) => {
        setRules(next);
        onRules(next);
      }}
      scope="/team"
      withGlobal
    />
  );
}

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  useAuthStore.setState({ jwt: "t.o.k" });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const deny = (path: string): Rule => ({ allow: false, path, regex: false, regexp: { raw: "" } });

describe("rules editor", () => {
  it("adds, edits, reorders and removes rules", () => {
    let last: Rule[] = [];
    render(<Harness initial={[deny("/a")]} onRules={(r) => (last = r)} />);
    fireEvent.click(screen.getByTestId("rules-add"));
    const texts = () => screen.getAllByTestId<HTMLInputElement>("rules-text");
    fireEvent.change(texts()[1]!, { target: { value: "/b" } });
    fireEvent.change(screen.getAllByTestId("rules-effect")[1]!, { target: { value: "allow" } });
    expect(last).toEqual([deny("/a"), { ...deny("/b"), allow: true }]);
    fireEvent.click(screen.getByRole("button", { name: /rule 2 up/i }));
    expect(last.map((r) => r.path)).toEqual(["/b", "/a"]);
    fireEvent.click(screen.getAllByTestId("rules-remove")[0]!);
    expect(last).toEqual([deny("/a")]);
  });

  it("says where a regular expression is wrong, marks the row and blocks the preview", () => {
    render(<Harness initial={[deny("/a")]} onRules={() => undefined} />);
    fireEvent.click(screen.getByTestId("rules-regex"));
    fireEvent.change(screen.getByTestId("rules-text"), { target: { value: "a)b" } });
    expect(screen.getByRole("alert").textContent).toBe(
      "Rule 1: invalid regular expression at character 2: unexpected )",
    );
    expect(screen.getByTestId("rules-text").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByTestId<HTMLButtonElement>("rules-preview").disabled).toBe(true);
    expect(rulesAreValid([{ ...deny(""), regex: true, regexp: { raw: "a)b" } }])).toBe(false);
  });

  it("previews what the rules hide in the scope", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({ hidden: ["/a"], hiddenCount: 3, checked: 10, truncated: false }),
        { status: 200, headers: { "content-type": "application/json" } },
      ),
    );
    render(<Harness initial={[deny("/a")]} onRules={() => undefined} />);
    fireEvent.click(screen.getByTestId("rules-preview"));
    const result = await screen.findByTestId("rules-preview-result");
    expect(result.textContent).toContain("3 of 10 entries would be hidden.");
    expect(result.textContent).toContain("/a");
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toMatch(/\/api\/rules\/preview$/);
    expect(JSON.parse(init?.body as string)).toEqual({
      scope: "/team",
      rules: [deny("/a")],
      withGlobal: true,
    });
  });
});
