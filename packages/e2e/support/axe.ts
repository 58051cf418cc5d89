import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

const require = createRequire(import.meta.url);
/** axe-core's browser build, evaluated in the page (CDP evaluation is not bound by the CSP). */
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNode[];
}

/** The impacts that fail the build (issue 15): serious and critical. */
const BLOCKING = new Set(["serious", "critical"]);

/**
 * Runs axe-core on the page as it is now (WCAG 2.0–2.2 A and AA rules and axe's best
 * practices) and returns its serious and critical violations, one readable line per element,
 * prefixed with `state` so that a failure says where it was found.
 */
export async function axeViolations(page: Page, state: string): Promise<string[]> {
  // A dialog fading in is seen half transparent, its colours mixed with the page behind:
  // axe would measure that contrast. Finite animations end first (a spinner never does).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      resultTypes: ["violations"],
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
      },
    })) as { violations: unknown[] };
    return result.violations;
  });
  const lines: string[] = [];
  for (const violation of violations as AxeViolation[]) {
    if (!BLOCKING.has(violation.impact ?? "")) continue;
    for (const node of violation.nodes.slice(0, 5)) {
      const summary = (node.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 240);
      lines.push(
        `${state}: ${violation.id} (${violation.impact}) ${JSON.stringify(node.target)} — ${summary}`,
      );
    }
  }
  return lines;
}
