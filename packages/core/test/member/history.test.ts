import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CardHistory, historyPage, type LedgerLine } from "../../src/member/history.js";
import { type LedgerEntry, type PostedEntry, replayLedger } from "../../src/member/ledger.js";

/** posted entries as the ledger's rows: seq from 1, a minute apart */
function rows(posted: readonly PostedEntry[]): LedgerLine[] {
  return posted.map((p, i) => ({
    seq: i + 1,
    kind: p.kind,
    principalCents: p.principalCents,
    giftCents: p.giftCents,
    points: p.points,
    principalAfter: p.after.principalCents,
    giftAfter: p.after.giftCents,
    pointsAfter: p.after.points,
    at: new Date(Date.UTC(2026, 10, 28, 4, i)),
  }));
}

function ledger(entries: LedgerEntry[]): LedgerLine[] {
  const { posted, refused } = replayLedger(entries);
  expect(refused).toEqual([]);
  return rows(posted);
}

/** 充500送50 with 100 points, an order held and paid with ¥120 and 30 points, its points earned, a hold released */
const CARD = ledger([
  { kind: "recharge", cents: 50_000 },
  { kind: "gift", cents: 5_000, points: 100 },
  { kind: "hold", holdId: "order:1", cents: 12_000, points: 30 },
  { kind: "spend", holdId: "order:1", cents: 12_000, points: 30 },
  { kind: "earn", points: 120 },
  { kind: "hold", holdId: "order:2", cents: 1_000, points: 0 },
  { kind: "release", holdId: "order:2" },
  { kind: "restore", principalCents: 12_000, giftCents: 0, points: 30 },
]);

describe("a card's histories", () => {
  it("the balance: recharge, gift, spend and restore, newest first, principal and gift together; no holds", () => {
    const { total, list } = historyPage("balance", CARD, 1, 20);
    expect(total).toBe(4);
    expect(list.map((l) => [l.kind, l.change, l.after])).toEqual([
      ["restore", 12_000, 55_000],
      ["spend", -12_000, 43_000],
      ["gift", 5_000, 55_000],
      ["recharge", 50_000, 50_000],
    ]);
  });

  it("the points: given with the recharge, used, earned and returned", () => {
    const { list } = historyPage("points", CARD, 1, 20);
    expect(list.map((l) => [l.kind, l.change, l.after])).toEqual([
      ["restore", 30, 220],
      ["earn", 120, 190],
      ["spend", -30, 70],
      ["gift", 100, 100],
    ]);
  });

  it("pages: limit lines a page, the last one shorter, past the end empty", () => {
    expect(historyPage("balance", CARD, 1, 3).list.map((l) => l.seq)).toEqual([8, 4, 2]);
    expect(historyPage("balance", CARD, 2, 3)).toMatchObject({ total: 4, list: [{ seq: 1 }] });
    expect(historyPage("balance", CARD, 3, 3).list).toEqual([]);
  });

  const cents = fc.integer({ min: 0, max: 60_000 });
  const points = fc.integer({ min: 0, max: 500 });
  const holdId = fc.constantFrom("o1", "o2");
  const entry: fc.Arbitrary<LedgerEntry> = fc.oneof(
    fc.record({ kind: fc.constant("recharge" as const), cents }),
    fc.record({ kind: fc.constant("gift" as const), cents, points }),
    fc.record({ kind: fc.constant("earn" as const), points }),
    fc.record({ kind: fc.constant("hold" as const), holdId, cents, points }),
    fc.record({ kind: fc.constant("release" as const), holdId }),
    fc.record({ kind: fc.constant("spend" as const), cents, points, holdId }),
    fc.record({ kind: fc.constant("spend" as const), cents, points }),
    fc.record({ kind: fc.constant("refund" as const), cents }),
    fc.record({ kind: fc.constant("reverse" as const), points }),
  );

  it.each([
    "balance",
    "points",
  ] as CardHistory[])("%s: each line's after is the one before's plus its change, and the newest is the card's balance", (history) => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), fc.integer({ min: 1, max: 7 }), (entries, limit) => {
        const lines = rows(replayLedger(entries).posted);
        const { balance } = replayLedger(entries);
        const all = historyPage(history, lines, 1, 1000).list;
        const now = history === "balance" ? balance.principalCents + balance.giftCents : balance.points;
        expect(all[0]?.after ?? 0).toBe(now);
        all.forEach((line, i) => {
          expect(line.change).not.toBe(0);
          expect(line.after - line.change).toBe(all[i + 1]?.after ?? 0);
        });
        // the pages, one after another, are the whole history
        const pages = Math.ceil(all.length / limit) || 1;
        const paged = Array.from({ length: pages }, (_, p) => historyPage(history, lines, p + 1, limit).list);
        expect(paged.flat()).toEqual(all);
      }),
    );
  });
});
