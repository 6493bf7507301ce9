import { createRequire } from "node:module";
import type { Page } from "playwright-core";

/** axe-core's script, put into a page as its own source (playwright-core has no @axe-core/playwright). */
const AXE_SOURCE: string = (createRequire(import.meta.url)("axe-core") as { source: string }).source;

/** The WCAG 2.0, 2.1 and 2.2 A and AA rules (issue 28), not axe's best practices. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** One rule's violation on a page, as a line: the rule, its help, the elements (at most three). */
export interface Violation {
  id: string;
  impact: string | null;
  /** how many elements break the rule */
  nodes: number;
  line: string;
}

/**
 * Every WCAG violation axe-core finds on the page as it is now (the whole document, whatever its
 * impact), one per rule: e.g. `button-name: Buttons must have discernible text: .cart-bar__clear`.
 */
export async function wcagViolations(page: Page): Promise<Violation[]> {
  const injected = await page.evaluate(() => "axe" in window);
  if (!injected) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
    })) as { violations: AxeViolation[] };
    return result.violations;
  }, WCAG_TAGS);
  return violations.map((v) => {
    const nodes = v.nodes.slice(0, 3).map((node) => node.target.join(" "));
    const more = v.nodes.length > 3 ? ` (+${v.nodes.length - 3})` : "";
    return {
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.length,
      line: `${v.id}: ${v.help}: ${nodes.join(", ")}${more}`,
    };
  });
}

/** The serious and critical violations of wcagViolations, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await wcagViolations(page))
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => v.line);
}
