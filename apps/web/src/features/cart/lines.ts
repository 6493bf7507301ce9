import type { CartLine, LineChoice } from "@tablemate/core";

/** The choice a line was made with: adding it again adds to the same line. */
export function choiceOf(line: LineChoice): LineChoice {
  return { normId: line.normId, methodIds: line.methodIds, additions: line.additions, parts: line.parts };
}

export const lineById =
  (detailId: string) =>
  (state: { lines: CartLine[] }): CartLine | undefined =>
    state.lines.find((line) => line.detailId === detailId);
