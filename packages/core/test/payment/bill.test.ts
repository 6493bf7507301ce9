import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type BillClaimInput,
  type BillLineInput,
  billView,
  type ClaimPlan,
  defaultClaims,
  planClaim,
  planClaims,
  shareCents,
} from "../../src/payment/bill.js";

const lines: BillLineInput[] = [
  { lineId: 1, totalCents: 1000, addedBy: "A" },
  { lineId: 2, totalCents: 100, addedBy: "B" },
  { lineId: 3, totalCents: 2999, addedBy: "A" },
];

const held = (lineId: number, share: number, shares: number, guid: string): BillClaimInput => ({
  lineId,
  share,
  shares,
  guid,
  status: "held",
});
const paid = (lineId: number, share: number, shares: number, guid: string): BillClaimInput => ({
  ...held(lineId, share, shares, guid),
  status: "paid",
});

/** What the server does with a plan: the viewer's released claims go, the added ones are held. */
function apply(claims: readonly BillClaimInput[], guid: string, plan: ClaimPlan): BillClaimInput[] {
  const gone = (c: BillClaimInput) =>
    c.lineId === plan.lineId &&
    c.guid === guid &&
    c.status === "held" &&
    plan.release.some((r) => r.share === c.share && r.shares === c.shares);
  return [
    ...claims.filter((c) => !gone(c)),
    ...plan.add.map((a) => held(plan.lineId, a.share, a.shares, guid)),
  ];
}

function plan(claims: readonly BillClaimInput[], guid: string, lineId: number, shares: number, take: number) {
  const outcome = planClaim(lines, claims, guid, { lineId, shares, take });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome;
}

describe("a line's shares", () => {
  it("are equal with the remainder cent(s) on the last share", () => {
    expect([1, 2, 3].map((s) => shareCents(2999, s, 3))).toEqual([999, 999, 1001]);
    expect(shareCents(1000, 1, 1)).toBe(1000);
    expect(() => shareCents(1000, 4, 3)).toThrow(RangeError);
    expect(() => shareCents(1000, 0, 3)).toThrow(RangeError);
  });
});

describe("the bill as one diner sees it", () => {
  const claims = [held(1, 1, 1, "A"), paid(2, 1, 1, "B"), held(3, 1, 3, "A"), paid(3, 2, 3, "C")];

  it("shows each line's split, claims and what is left, and the bill's sums", () => {
    const bill = billView(lines, claims, "A");
    expect(bill.lines).toEqual([
      {
        lineId: 1,
        totalCents: 1000,
        mine: true,
        shares: 1,
        claims: [{ share: 1, shares: 1, amountCents: 1000, status: "held", mine: true }],
        leftCents: 0,
      },
      {
        lineId: 2,
        totalCents: 100,
        mine: false,
        shares: 1,
        claims: [{ share: 1, shares: 1, amountCents: 100, status: "paid", mine: false }],
        leftCents: 0,
      },
      {
        lineId: 3,
        totalCents: 2999,
        mine: true,
        shares: 3,
        claims: [
          { share: 1, shares: 3, amountCents: 999, status: "held", mine: true },
          { share: 2, shares: 3, amountCents: 999, status: "paid", mine: false },
        ],
        leftCents: 1001,
      },
    ]);
    expect(bill.totalCents).toBe(4099);
    expect(bill.paidCents).toBe(1099);
    expect(bill.leftCents).toBe(3000);
    expect(bill.mineCents).toBe(1999);
  });

  it("counts another diner's held claims as theirs, not the viewer's", () => {
    expect(billView(lines, claims, "C").mineCents).toBe(0);
    expect(billView(lines, [held(3, 3, 3, "C")], "C").mineCents).toBe(1001);
    expect(billView(lines, [], "B")).toMatchObject({
      totalCents: 4099,
      paidCents: 0,
      leftCents: 4099,
      mineCents: 0,
    });
  });
});

describe("own lines by default", () => {
  it("claims the viewer's own lines whole, leaving the ones a tablemate already claims", () => {
    expect(defaultClaims(lines, [], "A")).toEqual([
      { lineId: 1, shares: 1, take: 1 },
      { lineId: 3, shares: 1, take: 1 },
    ]);
    expect(defaultClaims(lines, [held(3, 1, 2, "B")], "A")).toEqual([{ lineId: 1, shares: 1, take: 1 }]);
    expect(defaultClaims(lines, [], "Z")).toEqual([]);
  });
});

describe("planning a claim", () => {
  it("takes the lowest free shares, the amounts with the remainder on the last", () => {
    const a = plan([], "A", 3, 3, 1);
    expect(a).toEqual({
      ok: true,
      lineId: 3,
      shares: 3,
      hold: [1],
      add: [{ share: 1, shares: 3, amountCents: 999 }],
      release: [],
    });
    const afterA = apply([], "A", a);
    expect(plan(afterA, "B", 3, 3, 2)).toMatchObject({
      hold: [2, 3],
      add: [
        { share: 2, shares: 3, amountCents: 999 },
        { share: 3, shares: 3, amountCents: 1001 },
      ],
      release: [],
    });
  });

  it("keeps the shares a diner holds and adds or lets go of the highest", () => {
    const claims = [held(3, 2, 4, "B"), held(3, 1, 4, "A")];
    expect(plan(claims, "A", 3, 4, 3)).toMatchObject({
      hold: [1, 3, 4],
      add: [{ share: 3 }, { share: 4 }],
      release: [],
    });
    const three = [...claims, held(3, 3, 4, "A"), held(3, 4, 4, "A")];
    expect(plan(three, "A", 3, 4, 1)).toMatchObject({
      hold: [1],
      add: [],
      release: [
        { share: 3, shares: 4 },
        { share: 4, shares: 4 },
      ],
    });
    expect(plan(three, "A", 3, 4, 3)).toMatchObject({ hold: [1, 3, 4], add: [], release: [] });
  });

  it("lets go of everything the diner holds on the line with take 0, whatever the split asked", () => {
    const claims = [held(3, 1, 3, "A"), held(3, 3, 3, "A"), paid(3, 2, 3, "B")];
    expect(plan(claims, "A", 3, 5, 0)).toEqual({
      ok: true,
      lineId: 3,
      shares: 3,
      hold: [],
      add: [],
      release: [
        { share: 1, shares: 3 },
        { share: 3, shares: 3 },
      ],
    });
  });

  it("re-splits a line only the diner holds: their shares are released and taken anew", () => {
    expect(plan([held(1, 1, 1, "A")], "A", 1, 2, 1)).toEqual({
      ok: true,
      lineId: 1,
      shares: 2,
      hold: [1],
      add: [{ share: 1, shares: 2, amountCents: 500 }],
      release: [{ share: 1, shares: 1 }],
    });
  });

  it.each([
    [
      "a split other than the one a tablemate holds part of",
      [held(3, 1, 3, "B")],
      "A",
      3,
      2,
      1,
      "billSplitKept",
      "这道菜已按以前的分法分成 3 份，请按以前的分法认领",
    ],
    [
      "a split other than the one a tablemate paid part of",
      [paid(3, 1, 3, "B")],
      "A",
      3,
      1,
      1,
      "billSplitKept",
      "这道菜已按以前的分法分成 3 份，请按以前的分法认领",
    ],
    [
      "a split other than one the diner paid part of",
      [paid(3, 1, 3, "A")],
      "A",
      3,
      2,
      1,
      "billSplitKept",
      "这道菜已按以前的分法分成 3 份，请按以前的分法认领",
    ],
    [
      "a whole line a tablemate holds",
      [held(1, 1, 1, "B")],
      "A",
      1,
      1,
      1,
      "billClaimTaken",
      "这道菜已被同伴认领，只剩 0 份可认领",
    ],
    [
      "more shares than are free",
      [held(3, 1, 3, "B")],
      "A",
      3,
      3,
      3,
      "billClaimTaken",
      "这道菜已被同伴认领，只剩 2 份可认领",
    ],
    [
      "a line whose shares are all paid",
      [paid(3, 1, 3, "B"), paid(3, 2, 3, "C"), paid(3, 3, 3, "B")],
      "A",
      3,
      3,
      1,
      "billLinePaid",
      "这道菜已付款",
    ],
    ["a whole line the diner paid", [paid(1, 1, 1, "A")], "A", 1, 1, 1, "billLinePaid", "这道菜已付款"],
    ["a line not on the bill", [], "A", 9, 1, 1, "notFound", "账单中没有这道菜"],
    ["more shares than the split", [], "A", 1, 2, 3, "badRequest", "认领份数不能超过拆分份数"],
    ["more parts than a dish is split into", [], "A", 1, 21, 1, "badRequest", "请求参数有误"],
    ["no parts", [], "A", 1, 0, 0, "badRequest", "请求参数有误"],
    ["a negative take", [], "A", 1, 2, -1, "badRequest", "请求参数有误"],
  ] as const)("refuses %s", (_, claims, guid, lineId, shares, take, error, message) => {
    expect(planClaim(lines, claims, guid, { lineId, shares, take })).toEqual({ ok: false, error, message });
  });

  it("plans a whole request all or nothing", () => {
    const ok = planClaims(lines, [], "A", defaultClaims(lines, [], "A"));
    expect(ok.ok && ok.plans.map((p) => p.hold)).toEqual([[1], [1]]);
    expect(
      planClaims(lines, [held(2, 1, 1, "B")], "A", [
        { lineId: 1, shares: 1, take: 1 },
        { lineId: 2, shares: 1, take: 1 },
      ]),
    ).toMatchObject({ ok: false, error: "billClaimTaken" });
    expect(
      planClaims(lines, [], "A", [
        { lineId: 1, shares: 1, take: 1 },
        { lineId: 1, shares: 2, take: 1 },
      ]),
    ).toEqual({ ok: false, error: "badRequest", message: "同一道菜只能认领一次" });
  });
});

// ── properties: any sequence of claims by several phones ─────────────────────────────────────────

const guids = ["A", "B", "C"] as const;
const lineArb = fc
  .array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 4 })
  .map((totals) =>
    totals.map(
      (totalCents, i): BillLineInput => ({ lineId: i + 1, totalCents, addedBy: guids[i % 3] ?? "A" }),
    ),
  );
const stepArb = fc.oneof(
  fc.record({
    kind: fc.constant("claim" as const),
    guid: fc.constantFrom(...guids),
    lineId: fc.integer({ min: 1, max: 4 }),
    shares: fc.integer({ min: 1, max: 6 }),
    take: fc.integer({ min: 0, max: 6 }),
  }),
  fc.record({ kind: fc.constant("pay" as const), guid: fc.constantFrom(...guids) }),
);

/** Live claims on each line: one split, shares in range, no share twice, never more than the line. */
function expectConsistent(bill: readonly BillLineInput[], claims: readonly BillClaimInput[]) {
  for (const line of bill) {
    const onLine = claims.filter((c) => c.lineId === line.lineId);
    expect(new Set(onLine.map((c) => c.shares)).size).toBeLessThanOrEqual(1);
    expect(new Set(onLine.map((c) => c.share)).size).toBe(onLine.length);
    for (const c of onLine) {
      expect(c.share).toBeGreaterThanOrEqual(1);
      expect(c.share).toBeLessThanOrEqual(c.shares);
    }
  }
  const view = billView(bill, claims, "A");
  for (const line of view.lines) expect(line.leftCents).toBeGreaterThanOrEqual(0);
  expect(view.leftCents).toBeGreaterThanOrEqual(0);
}

describe("claims by several phones, in any order", () => {
  it("a line's shares always sum to its total", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e8 }), fc.integer({ min: 1, max: 20 }), (total, shares) => {
        const parts = Array.from({ length: shares }, (_, i) => shareCents(total, i + 1, shares));
        expect(parts.reduce((s, p) => s + p, 0)).toBe(total);
      }),
    );
  });

  it("never gives two phones the same share, never mixes splits on a line; refusals change nothing", () => {
    fc.assert(
      fc.property(lineArb, fc.array(stepArb, { maxLength: 40 }), (bill, steps) => {
        let claims: BillClaimInput[] = [];
        for (const step of steps) {
          if (step.kind === "pay") {
            claims = claims.map((c) => (c.guid === step.guid ? { ...c, status: "paid" } : c));
            continue;
          }
          const { guid, lineId, shares, take } = step;
          const outcome = planClaim(bill, claims, guid, { lineId, shares, take: Math.min(take, shares) });
          if (!outcome.ok) continue;
          const others = claims.filter(
            (c) => c.lineId === lineId && !(c.guid === guid && c.status === "held"),
          );
          // what this phone takes is free: nobody else holds or paid it
          for (const a of outcome.add) expect(others.some((c) => c.share === a.share)).toBe(false);
          claims = apply(claims, guid, outcome);
          const mine = claims.filter((c) => c.lineId === lineId && c.guid === guid && c.status === "held");
          expect(mine.map((c) => c.share).sort((x, y) => x - y)).toEqual(outcome.hold);
          expect(mine.length).toBe(Math.min(take, shares));
          expectConsistent(bill, claims);
        }
      }),
    );
  });

  it("two phones planning one after the other never overlap", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        (total, shares, takeA, takeB) => {
          const bill = [{ lineId: 1, totalCents: total, addedBy: "A" }];
          const a = planClaim(bill, [], "A", { lineId: 1, shares, take: Math.min(takeA, shares) });
          if (!a.ok) throw new Error(a.message);
          const afterA = apply([], "A", a);
          const b = planClaim(bill, afterA, "B", { lineId: 1, shares, take: Math.min(takeB, shares) });
          if (!b.ok) {
            expect(b.error === "billClaimTaken" || b.error === "billLinePaid").toBe(true);
            expect(a.hold.length + Math.min(takeB, shares)).toBeGreaterThan(shares);
            return;
          }
          expect(b.hold.filter((s) => a.hold.includes(s))).toEqual([]);
        },
      ),
    );
  });

  it("a bill whose every share is claimed and paid has nothing left, and its claims come to its total", () => {
    fc.assert(
      fc.property(
        lineArb,
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 4, maxLength: 4 }),
        fc.array(fc.constantFrom(...guids), { minLength: 24, maxLength: 24 }),
        (bill, splits, payers) => {
          let claims: BillClaimInput[] = [];
          let turn = 0;
          for (const line of bill) {
            const shares = splits[line.lineId - 1] ?? 1;
            for (let i = 0; i < shares; i++) {
              const guid = payers[turn++ % payers.length] ?? "A";
              const mine = claims.filter(
                (c) => c.lineId === line.lineId && c.guid === guid && c.status === "held",
              );
              const outcome = planClaim(bill, claims, guid, {
                lineId: line.lineId,
                shares,
                take: mine.length + 1,
              });
              if (!outcome.ok) throw new Error(outcome.message);
              claims = apply(claims, guid, outcome);
            }
          }
          const before = billView(bill, claims, "A");
          expect(before.lines.every((l) => l.leftCents === 0)).toBe(true);
          claims = claims.map((c) => ({ ...c, status: "paid" }));
          const view = billView(bill, claims, "A");
          expect(view.leftCents).toBe(0);
          expect(view.paidCents).toBe(view.totalCents);
          expect(view.mineCents).toBe(0);
          for (const line of bill) {
            expect(planClaim(bill, claims, "C", { lineId: line.lineId, shares: 1, take: 1 })).toMatchObject({
              ok: false,
            });
          }
        },
      ),
    );
  });
});
