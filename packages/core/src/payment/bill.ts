import { MAX_SHARES } from "../contract/payment.js";
import { type PayRefusal, refuse } from "./refusal.js";
import { splitCents } from "./split.js";
import { PAY_TEXT } from "./text.js";

/**
 * The table's bill split by item (pay later): each diner claims lines, whole or as equal shares, and
 * pays what their held claims come to. These rules compute the bill as one diner sees it and decide
 * which shares a claim takes; the server applies the decision under the visit's lock (a unique index
 * on live shares catching a race) and the diner app shows the same figures.
 */

/** A line of the visit's bill: what it comes to and who added it. */
export interface BillLineInput {
  lineId: number;
  totalCents: number;
  /** the guid of the diner who added it */
  addedBy: string;
}

/** A live claim (held or paid; released ones are gone): share `share` (1-based) of `shares`. */
export interface BillClaimInput {
  lineId: number;
  share: number;
  shares: number;
  guid: string;
  status: "held" | "paid";
}

export interface BillClaimView {
  share: number;
  shares: number;
  amountCents: number;
  status: "held" | "paid";
  /** the viewer's claim */
  mine: boolean;
}

export interface BillLineView {
  lineId: number;
  totalCents: number;
  /** the viewer added it */
  mine: boolean;
  /** the parts it is split into (1: whole) */
  shares: number;
  claims: BillClaimView[];
  /** what no claim covers yet */
  leftCents: number;
}

export interface BillSummary {
  lines: BillLineView[];
  totalCents: number;
  /** what paid claims come to */
  paidCents: number;
  /** what is still to pay (held claims included: held is not paid) */
  leftCents: number;
  /** what the viewer's held claims come to: what paying now charges */
  mineCents: number;
}

/**
 * Share `share` of a line split `shares` ways: equal parts with the remainder cent(s) on the last
 * share (splitCents), so a line's shares always sum to its total.
 */
export function shareCents(totalCents: number, share: number, shares: number): number {
  const amount = splitCents(totalCents, shares)[share - 1];
  if (amount === undefined) throw new RangeError(`share ${share} of ${shares} does not exist`);
  return amount;
}

/** A line's current split: its live claims' (they always agree), or whole when nobody claims it. */
function lineSplit(claims: readonly BillClaimInput[]): number {
  return claims[0]?.shares ?? 1;
}

const onLine = (claims: readonly BillClaimInput[], lineId: number) =>
  claims.filter((c) => c.lineId === lineId);

/** The bill as `viewerGuid` sees it: each line's split, claims and what is left, and the bill's sums. */
export function billView(
  lines: readonly BillLineInput[],
  claims: readonly BillClaimInput[],
  viewerGuid: string,
): BillSummary {
  let totalCents = 0;
  let paidCents = 0;
  let mineCents = 0;
  const views = lines.map((line): BillLineView => {
    const lineClaims = onLine(claims, line.lineId)
      .map((c) => ({
        share: c.share,
        shares: c.shares,
        amountCents: shareCents(line.totalCents, c.share, c.shares),
        status: c.status,
        mine: c.guid === viewerGuid,
      }))
      .sort((a, b) => a.share - b.share);
    const claimed = lineClaims.reduce((s, c) => s + c.amountCents, 0);
    totalCents += line.totalCents;
    for (const c of lineClaims) {
      if (c.status === "paid") paidCents += c.amountCents;
      else if (c.mine) mineCents += c.amountCents;
    }
    return {
      lineId: line.lineId,
      totalCents: line.totalCents,
      mine: line.addedBy === viewerGuid,
      shares: lineClaims[0]?.shares ?? 1,
      claims: lineClaims,
      leftCents: line.totalCents - claimed,
    };
  });
  return { lines: views, totalCents, paidCents, leftCents: totalCents - paidCents, mineCents };
}

/** One line of a claim request: split the line `shares` ways and hold `take` shares (0 lets go). */
export interface ClaimRequest {
  lineId: number;
  shares: number;
  take: number;
}

/** What a claim request does to one line: the split, the viewer's held shares after, what to write. */
export interface ClaimPlan {
  ok: true;
  lineId: number;
  shares: number;
  /** the viewer's held shares once applied */
  hold: number[];
  /** claims to insert as held */
  add: { share: number; shares: number; amountCents: number }[];
  /** the viewer's held claims to release (under the split they were taken with) */
  release: { share: number; shares: number }[];
}

/**
 * Decides one line of the viewer's claim request. `take` is how many shares the viewer holds on the
 * line afterwards (their paid shares are done and not counted). Shares already held are kept (lowest
 * first) and new ones are the lowest free, so the shares a phone holds do not shuffle under it.
 * A line keeps its split while anyone else holds or paid part of it (以前的分法); with only the
 * viewer's held shares on it, a new split releases them and starts again. Refused: a line not on the
 * bill, a line fully paid, another split while others hold part, more shares than are free.
 */
export function planClaim(
  lines: readonly BillLineInput[],
  claims: readonly BillClaimInput[],
  viewerGuid: string,
  request: ClaimRequest,
): ClaimPlan | PayRefusal {
  const line = lines.find((l) => l.lineId === request.lineId);
  if (!line) return refuse("notFound", PAY_TEXT.lineNotOnBill);
  const { shares, take } = request;
  if (!Number.isInteger(shares) || shares < 1 || shares > MAX_SHARES) return refuse("badRequest");
  if (!Number.isInteger(take) || take < 0) return refuse("badRequest");
  if (take > shares) return refuse("badRequest", PAY_TEXT.takeAboveShares);

  const lineClaims = onLine(claims, line.lineId);
  const isMineHeld = (c: BillClaimInput) => c.guid === viewerGuid && c.status === "held";
  const mineHeld = lineClaims.filter(isMineHeld).sort((a, b) => a.share - b.share);
  const fixed = lineClaims.filter((c) => !isMineHeld(c));
  const current = lineSplit(fixed.length > 0 ? fixed : mineHeld);
  const released = (list: readonly BillClaimInput[]) =>
    list.map((c) => ({ share: c.share, shares: c.shares }));

  if (take === 0)
    return { ok: true, lineId: line.lineId, shares: current, hold: [], add: [], release: released(mineHeld) };
  if (fixed.length >= current && fixed.every((c) => c.status === "paid")) return refuse("billLinePaid");
  if (fixed.length > 0 && shares !== current) return refuse("billSplitKept", PAY_TEXT.splitKept(current));

  const split = fixed.length > 0 ? current : shares;
  const kept = split === current ? mineHeld : [];
  const taken = new Set([...fixed, ...kept].map((c) => c.share));
  const free = Array.from({ length: split }, (_, i) => i + 1).filter((s) => !taken.has(s));
  const available = kept.length + free.length;
  if (take > available) return refuse("billClaimTaken", PAY_TEXT.sharesLeft(available));

  const added = free.slice(0, Math.max(0, take - kept.length));
  const hold = [...kept.slice(0, take).map((c) => c.share), ...added].sort((a, b) => a - b);
  return {
    ok: true,
    lineId: line.lineId,
    shares: split,
    hold,
    add: added.map((share) => ({
      share,
      shares: split,
      amountCents: shareCents(line.totalCents, share, split),
    })),
    release: released(split === current ? kept.slice(take) : mineHeld),
  };
}

/**
 * A whole claim request, one plan per line, all or nothing (bad input changes nothing): the first
 * refusal refuses it, and a line named twice is refused (which of the two would hold is unclear).
 */
export function planClaims(
  lines: readonly BillLineInput[],
  claims: readonly BillClaimInput[],
  viewerGuid: string,
  requests: readonly ClaimRequest[],
): { ok: true; plans: ClaimPlan[] } | PayRefusal {
  const seen = new Set<number>();
  const plans: ClaimPlan[] = [];
  for (const request of requests) {
    if (seen.has(request.lineId)) return refuse("badRequest", PAY_TEXT.lineTwice);
    seen.add(request.lineId);
    const plan = planClaim(lines, claims, viewerGuid, request);
    if (!plan.ok) return plan;
    plans.push(plan);
  }
  return { ok: true, plans };
}

/**
 * "Own lines by default": the lines the viewer added that nobody claims yet, as whole claims. A line
 * a tablemate already claims (or split) is left for the viewer to choose, never taken from under them.
 */
export function defaultClaims(
  lines: readonly BillLineInput[],
  claims: readonly BillClaimInput[],
  viewerGuid: string,
): ClaimRequest[] {
  return lines
    .filter((l) => l.addedBy === viewerGuid && onLine(claims, l.lineId).length === 0)
    .map((l) => ({ lineId: l.lineId, shares: 1, take: 1 }));
}
