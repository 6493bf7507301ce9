import {
  AppError,
  applyTableOp,
  type CartLine,
  type CartState,
  type Dish,
  type OpVerdict,
  type TableMessage,
  type TableOp,
} from "@tablemate/core";
import Big from "big.js";
import type { Db } from "../../db/client.js";
import { isPgError, PG_ERROR } from "../../db/statements.js";
import { cartMessage, dishMessage, noteMessage, opVerdict, peopleMessage } from "../../realtime/messages.js";
import { linesShown, presentForRules, refuseUnofferedCombos } from "./cart-state.js";
import { type RuleCart, readCart, writeApplied, writeRefused } from "./op-statements.js";

export interface OpInput {
  cartId: number;
  guid: string;
  opId: string;
  op: TableOp;
  accessType: "realTable" | "virTable";
}

export interface OpOutcome {
  verdict: OpVerdict;
  /** the broadcast for the table; absent when refused or already applied */
  message?: TableMessage;
  state: CartState;
  /** the cart went from empty to not or back: news for the staff's floor (ordering or not) */
  floor?: { restaurantId: number; tableId: number };
}

/** The broadcast of an applied operation: the message of its kind (spec 000 §7). */
function messageFor(
  input: OpInput,
  before: CartLine[],
  state: CartState,
  name: string,
  menu: Dish[],
): TableMessage {
  const { op, opId } = input;
  const actor = { guid: input.guid, name };
  if (op.kind === "clear") return cartMessage(state, actor, true, opId);
  if (op.kind === "personNum") return peopleMessage(state, actor, opId, op.personNum);
  if (op.kind === "note") return noteMessage(state, actor, opId, op.detailId, op.memo);
  const after = state.lines;
  const changed =
    after.find((l) => !before.some((b) => b.detailId === l.detailId && b.count === l.count)) ??
    before.find((b) => !after.some((l) => l.detailId === b.detailId));
  const current = after.find((l) => l.detailId === changed?.detailId);
  const was = before.find((l) => l.detailId === changed?.detailId);
  const value = new Big(current?.count ?? 0);
  return dishMessage(state, actor, opId, {
    value: value.toString(),
    inc: value.minus(was?.count ?? 0).toString(),
    foodId: changed?.foodId,
    detail: changed?.detailId,
    normId: changed?.normId ?? null,
    methodId: changed?.methodIds.join("&") ?? "",
    batch: changed?.additions.map((a) => ({ id: a.id, ordered: a.count })) ?? [],
    Weigh: menu.find((d) => d.id === changed?.foodId)?.Weigh ?? false,
    accessType: input.accessType,
  });
}

/** A cart that tablemates keep changing is read again up to this often (each round, one of them writes). */
const ATTEMPTS = 32;

/**
 * Applies one tablemate's operation: read the cart, answer a repeated operation id with its first
 * verdict, decide with core's rules, then write the decision and bump the version only if nobody
 * changed the cart since the read; if somebody did, read and decide again. The caller broadcasts the
 * message only after this returns, so nothing is announced before it is committed.
 */
export async function commitTableOp(db: Db, input: OpInput, now: Date): Promise<OpOutcome> {
  const { op } = input;
  const verdict = (ok: boolean, version: number, message: string) =>
    opVerdict(input.opId, ok, version, message);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const read = await readCart(db, {
      cartId: input.cartId,
      opId: input.opId,
      guid: input.guid,
      foodId: op.kind === "add" ? op.foodId : 0,
      // the diner count needs the whole menu (must-order dishes); other operations only their dishes
      wholeMenu: op.kind === "personNum",
    });
    const { state, seen } = read;
    // every way in (socket, HTTP) meets these here, under the version the write is conditioned on
    if (!read.seated) throw new AppError("notSeated");
    const menu = presentForRules(read.dishRows, read, now);
    /** the cart as tablemates are shown it (the read's dishes are every line's) */
    const shown = (cart: RuleCart): CartState => ({ ...cart, lines: linesShown(cart.lines, menu) });
    if (seen) return { verdict: verdict(seen.ok, seen.version, seen.message), state: shown(state) };
    if (!read.visitOpen) throw new AppError("visitEnded");
    if (op.kind === "add")
      refuseUnofferedCombos(
        menu.filter((dish) => dish.id === op.foodId),
        read,
      );
    const result = applyTableOp(
      state.lines,
      op,
      (id) => menu.find((d) => d.id === id),
      () => menu,
    );
    if (!result.ok) {
      await writeRefused(db, {
        cartId: state.cartId,
        version: state.version,
        opId: input.opId,
        message: result.message,
      });
      return { verdict: verdict(false, state.version, result.message), state: shown(state) };
    }
    const version = state.version + 1;
    const written = await writeApplied(db, {
      cartId: state.cartId,
      version,
      opId: input.opId,
      guid: input.guid,
      before: state.lines,
      after: result.lines,
      personNum: result.personNum,
      tableId: read.tableId,
    }).catch((error: unknown) => {
      // the same operation id written by a twin that raced this one: read its verdict
      if (isPgError(error, PG_ERROR.uniqueViolation)) return false;
      throw error;
    });
    if (!written) continue;
    // the lines just decided are what the database now holds: no need to read them back
    const next = shown({
      ...state,
      version,
      personNum: result.personNum ?? state.personNum,
      lines: result.lines,
    });
    const message = messageFor(input, state.lines, next, read.nickname || "同伴", menu);
    const emptied = (state.lines.length === 0) !== (result.lines.length === 0);
    const floor = emptied ? { restaurantId: read.restaurantId, tableId: read.tableId } : undefined;
    return { verdict: verdict(true, version, ""), message, state: next, floor };
  }
  throw new Error(`cart ${input.cartId} kept changing: operation ${input.opId} not applied`);
}
