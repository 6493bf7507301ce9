import { applyCartOp, type CartLine, newLine } from "./cart.js";
import type { Dish } from "./contract/menu.js";
import type { TableOp } from "./contract/realtime.js";
import { mandatoryLines } from "./mandatory.js";
import { COMBO_NOTE_REFUSED, checkNote } from "./notes.js";

export type TableOpResult =
  | { ok: true; lines: CartLine[]; personNum?: number }
  | { ok: false; message: string };

/**
 * Must-order dishes take their computed quantity, whether or not the cart already held them, by the
 * set rule: a count that would take the dish past its stock or 999 with the diners' own lines of it
 * is skipped.
 */
function withMandatory(
  lines: readonly CartLine[],
  menu: readonly Dish[],
  diners: number,
  dishOf: (foodId: number) => Dish | undefined,
): CartLine[] {
  let result = [...lines];
  for (const must of mandatoryLines(menu, diners)) {
    const line = newLine(must.foodId, must.choice, "0");
    const held = result.some((l) => l.detailId === line.detailId) ? result : [...result, line];
    const set = applyCartOp(
      held,
      { kind: "set", detailId: line.detailId, count: must.count.toString() },
      dishOf,
    );
    if (set.ok) result = set.lines;
  }
  return result;
}

/**
 * Every operation a tablemate can make on the table's cart: the cart operations, a line's note
 * (not on combos), and the diner count (which brings the must-order dishes). The server applies it
 * in a transaction; a phone whose socket is down applies it locally until it can send it.
 */
export function applyTableOp(
  lines: readonly CartLine[],
  op: TableOp,
  dishOf: (foodId: number) => Dish | undefined,
  menu: () => readonly Dish[],
): TableOpResult {
  if (op.kind === "personNum") {
    return { ok: true, lines: withMandatory(lines, menu(), op.personNum, dishOf), personNum: op.personNum };
  }
  if (op.kind === "note") {
    const line = lines.find((l) => l.detailId === op.detailId);
    if (!line) return { ok: false, message: "购物车中没有该菜品" };
    if ((dishOf(line.foodId)?.foodproperty ?? 0) !== 0) return { ok: false, message: COMBO_NOTE_REFUSED };
    const note = checkNote(op.memo);
    if (!note.ok) return note;
    return { ok: true, lines: lines.map((l) => (l === line ? { ...l, memo: note.note } : l)) };
  }
  return applyCartOp(lines, op, dishOf);
}
