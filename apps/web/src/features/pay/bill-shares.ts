import type { BillLine, BillView } from "@tablemate/core";

/** The splits a diner picks from: whole, or 2 to 6 equal shares. */
export const SPLIT_CHOICES = [1, 2, 3, 4, 5, 6] as const;

/** One share of a line as the page draws it: the server's claim on it, or free. */
export type ShareView =
  | { share: number; state: "free" }
  | { share: number; state: "mine" | "held" | "paid"; amount: string };

/**
 * A line's shares and what this diner may change, read from the server's bill (nothing computed:
 * amounts are the server's). A line others hold part of keeps its split while they do, and this diner
 * may take at most the shares nobody else holds; a share paid (by anyone) stays paid.
 */
export interface LineShares {
  shares: ShareView[];
  /** the shares this diner holds (not yet paid) */
  mine: number;
  /** the most this diner may hold */
  most: number;
  /** the split may change: nobody else holds or paid part of it */
  splittable: boolean;
  /** everything is paid: nothing left to choose */
  done: boolean;
}

export function lineShares(line: BillLine): LineShares {
  const byShare = new Map(line.claims.map((claim) => [claim.share, claim]));
  const shares: ShareView[] = Array.from({ length: line.shares }, (_, index) => {
    const share = index + 1;
    const claim = byShare.get(share);
    if (!claim) return { share, state: "free" };
    const state = claim.status === "paid" ? "paid" : claim.mine ? "mine" : "held";
    return { share, state, amount: claim.amount };
  });
  const taken = shares.filter((s) => s.state === "held" || s.state === "paid").length;
  const mine = shares.filter((s) => s.state === "mine").length;
  return {
    shares,
    mine,
    most: line.shares - taken,
    splittable: taken === 0,
    done: taken === line.shares,
  };
}

/** What this diner's held shares are, as one text: paying another set of shares is another payment. */
export function heldSignature(bill: BillView): string {
  return bill.lines
    .flatMap((line) =>
      line.claims
        .filter((c) => c.mine && c.status === "held")
        .map((c) => `${line.lineId}.${c.share}/${c.shares}`),
    )
    .join(",");
}

/** This diner's own lines nobody claims yet: claimed for them when the bill first opens. */
export function unclaimedOwnLines(bill: BillView): BillLine[] {
  return bill.lines.filter((line) => line.mine && line.claims.length === 0);
}
