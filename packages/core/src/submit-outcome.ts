import Big from "big.js";
import type { CartLine } from "./cart.js";
import { type Shortage, SUBMIT_CODES } from "./contract/order.js";
import type { LineChoice } from "./pricing.js";

/**
 * What the diner app does with each submit answer (spec 000 §8). The words live in the app's copy
 * under the same reason names; this decides what happens.
 */
export type SubmitReason =
  | "failed"
  | "timeout"
  | "infoMissing"
  | "invalid"
  | "othersOrdering"
  | "restaurantNotFound"
  | "shopClosed"
  | "posOffline"
  | "submitting"
  | "tooFrequent"
  | "other";

export type SubmitOutcome =
  | { kind: "success" }
  /** a message; `toSubOrder`: go back to the order page (a timeout with no order yet) */
  | { kind: "notice"; reason: SubmitReason; toSubOrder: boolean }
  /** 9001: the server's own message */
  | { kind: "serverMessage" }
  /** 2000: remove or reduce the listed dishes */
  | { kind: "stockShort" }
  /** 3000: take the short additions out of the lines */
  | { kind: "additionsShort" }
  /** 6000: the table was settled; the diner may reorder; the order detail shows it */
  | { kind: "tableSettled" }
  /**
   * 2008: the verification code was wrong or expired; the code was typed on /supplyInfo, so the
   * diner goes back there for another (ours: the spec only names the message)
   */
  | { kind: "wrongCode" }
  /** 6666: a tablemate ordered first: view it, or add dishes to it */
  | { kind: "companionOrdered" };

const NOTICES: Partial<Record<number, SubmitReason>> = {
  [SUBMIT_CODES.failed]: "failed",
  [SUBMIT_CODES.timeout]: "timeout",
  [SUBMIT_CODES.timeoutAlso]: "timeout",
  [SUBMIT_CODES.infoMissing]: "infoMissing",
  [SUBMIT_CODES.invalid]: "invalid",
  [SUBMIT_CODES.othersOrdering]: "othersOrdering",
  [SUBMIT_CODES.restaurantNotFound]: "restaurantNotFound",
  [SUBMIT_CODES.shopClosed]: "shopClosed",
  [SUBMIT_CODES.posOffline]: "posOffline",
  [SUBMIT_CODES.submitting]: "submitting",
  [SUBMIT_CODES.tooFrequent]: "tooFrequent",
};

/**
 * The outcome of a submit code. `hasOrderId`: the page's query names an order (then a timeout stays
 * where it is). A code of null is a call that got no answer: a timeout is treated as 1002, since
 * the next attempt is safe; anything else as an unknown code.
 */
export function submitOutcome(code: number | null, hasOrderId: boolean, timedOut = false): SubmitOutcome {
  if (code === SUBMIT_CODES.ok || code === 200) return { kind: "success" };
  if (code === SUBMIT_CODES.serverMessage) return { kind: "serverMessage" };
  if (code === SUBMIT_CODES.stockShort) return { kind: "stockShort" };
  if (code === SUBMIT_CODES.additionsShort) return { kind: "additionsShort" };
  if (code === SUBMIT_CODES.wrongCode) return { kind: "wrongCode" };
  if (code === SUBMIT_CODES.tableSettled) return { kind: "tableSettled" };
  if (code === SUBMIT_CODES.companionOrdered) return { kind: "companionOrdered" };
  const reason: SubmitReason = timedOut ? "timeout" : (code !== null && NOTICES[code]) || "other";
  return { kind: "notice", reason, toSubOrder: reason === "timeout" && !hasOrderId };
}

/** One short dish as the diner is told: gone (sold out, or a combo that must be deleted) or reduced. */
export type ShortageFix =
  | { kind: "soldOut"; name: string }
  | { kind: "comboDeleted"; name: string }
  | { kind: "reduced"; name: string; left: number };

export interface CartFix {
  /** new counts by detail id; "0" removes the line */
  counts: Array<{ detailId: string; count: string }>;
  fixes: ShortageFix[];
}

/**
 * 2000: each short dish leaves the cart (none left, or a combo: its parts cannot be cut down), or its
 * lines are cut, in cart order, to what is left.
 */
export function fixStockShortage(lines: readonly CartLine[], shortages: readonly Shortage[]): CartFix {
  const counts: CartFix["counts"] = [];
  const fixes: ShortageFix[] = [];
  for (const shortage of shortages) {
    const own = lines.filter((l) => l.foodId === shortage.foodId);
    if (shortage.isCombo || shortage.left <= 0) {
      for (const line of own) counts.push({ detailId: line.detailId, count: "0" });
      fixes.push({ kind: shortage.isCombo ? "comboDeleted" : "soldOut", name: shortage.name });
      continue;
    }
    let left = new Big(shortage.left);
    for (const line of own) {
      const keep = new Big(line.count).gt(left) ? left : new Big(line.count);
      if (!keep.eq(line.count)) counts.push({ detailId: line.detailId, count: keep.toString() });
      left = left.minus(keep);
    }
    fixes.push({ kind: "reduced", name: shortage.name, left: shortage.left });
  }
  return { counts, fixes };
}

/** A line re-made without some add-ons: the old one goes, the new one takes its count and note. */
export interface LineRemake {
  removeDetailId: string;
  foodId: number;
  choice: LineChoice;
  count: string;
  memo: string;
}

/** 3000: the short add-ons (their ids in the shortages' foodId) are taken out of every line. */
export function removeShortAdditions(
  lines: readonly CartLine[],
  shortages: readonly Shortage[],
): LineRemake[] {
  const short = new Set(shortages.map((s) => s.foodId));
  return lines
    .filter((line) => line.additions.some((a) => short.has(a.id)))
    .map((line) => ({
      removeDetailId: line.detailId,
      foodId: line.foodId,
      choice: {
        normId: line.normId,
        methodIds: line.methodIds,
        additions: line.additions.filter((a) => !short.has(a.id)),
        parts: line.parts,
      },
      count: line.count,
      memo: line.memo,
    }));
}

/** The period check's message lists the dishes, cut at 30 characters then '...' (spec 000 §8). */
export const PERIOD_NAMES_MAX = 30;

export function periodNames(names: readonly string[]): string {
  const joined = names.join("、");
  const chars = Array.from(joined);
  return chars.length > PERIOD_NAMES_MAX ? `${chars.slice(0, PERIOD_NAMES_MAX).join("")}...` : joined;
}
