/**
 * `npm run member-ledger -w bench`: the member store's stored-value ledger on PostgreSQL (issue 19).
 *
 * On a fresh database (the test harness's: migrated, demo seeded, the server's app in this process for
 * placing orders; the ledger's functions called on the app's own pool of 10, as its routes will):
 *
 * - spends: in each round, 100 new members at a demo restaurant, their cards recharged (untimed) with
 *   0, ¥50, ¥100 or ¥150 by turns; then 1,000 spends of ¥5-30 on cards picked at random, all issued at
 *   once (Promise.all), each through the ledger's spendStoredValue (BEGIN, the card locked and read,
 *   core's applyEntry, the entry and the card's head in one statement, COMMIT). Most members run out,
 *   so many spends are refused (4701). The floor (member/floor.ts) runs the same 1,000 spends in the
 *   same round as a bare conditional update, first in odd rounds and second in even ones, after an
 *   untimed warm-up of both. Checked after each ledger round: no balance or entry below zero; no lost update
 *   (each card's balance is its recharge less exactly the spends it was told were taken, each of those
 *   one entry); every ledger sums to its balance (ledgerMismatches); no spend refused while the card
 *   had the money; no failure but core's refusals.
 * - coupons: 50 orders placed at the restaurant over its submit route (untimed); one coupon given to a
 *   card; 50 redemptions at once, each locking the coupon to its order and, if it won, using it: exactly
 *   one wins.
 *
 * Writes bench/results/member-ledger.json. Exits 0 when checks fail (the file reports them); non-zero
 * only when the bench itself breaks.
 */
import { join } from "node:path";
import { AppError } from "@tablemate/core";
import { and, eq, inArray, sql } from "drizzle-orm";
import { memberCoupons, memberLedger, tables } from "../apps/server/src/db/schema.js";
import {
  cardBalance,
  createCouponTemplate,
  giveCoupon,
  ledgerMismatches,
  lockCoupon,
  openCard,
  rechargePaid,
  spendStoredValue,
  useCoupon,
} from "../apps/server/src/modules/member/index.js";
import { demoTable, startTestApp, type TestApp } from "../apps/server/test/support/harness.js";
import { menuOf, placeOrders, plainDish } from "../apps/server/test/support/ordering.js";
import { benchMain } from "./bench-main.js";
import { percentile, round2 } from "./cart/stats.js";
import { loadAverageNow, machineFacts } from "./machine.js";
import { type Floor, openFloor, SERVER_POOL } from "./member/floor.js";

const ROOT = new URL("..", import.meta.url).pathname;
const RESULTS_FILE = join(ROOT, "bench/results/member-ledger.json");

const CONFIG = {
  members: 100,
  spends: 1_000,
  /** each card's recharge by turns, cents */
  balances: [0, 5_000, 10_000, 15_000],
  spendCents: { min: 500, max: 3_000 },
  rounds: Number(process.env.BENCH_ROUNDS ?? 5),
  warmupSpends: 300,
  couponRedeemers: 50,
};

const log = (text: string) => process.stdout.write(`[member-ledger] ${text}\n`);

interface Resources {
  app?: TestApp;
  floor?: Floor;
}

interface Spend {
  member: number;
  cents: number;
}

const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** the round's spends, the same for the floor and the ledger */
const planSpends = (count: number): Spend[] =>
  Array.from({ length: count }, () => ({
    member: between(0, CONFIG.members - 1),
    cents: between(CONFIG.spendCents.min / 100, CONFIG.spendCents.max / 100) * 100,
  }));

const balanceOfMember = (member: number) => CONFIG.balances[member % CONFIG.balances.length] ?? 0;

interface Timed {
  wallMs: number;
  latencies: number[];
}

/** every spend issued at once; each one's time from the issue to its answer */
async function burst<T>(spends: readonly Spend[], one: (spend: Spend, i: number) => Promise<T>) {
  const start = performance.now();
  const latencies: number[] = [];
  const settled = await Promise.allSettled(
    spends.map(async (spend, i) => {
      try {
        return await one(spend, i);
      } finally {
        latencies.push(performance.now() - start);
      }
    }),
  );
  return { settled, timed: { wallMs: performance.now() - start, latencies } satisfies Timed };
}

function figures(timed: Timed) {
  const sorted = Float64Array.from(timed.latencies).sort();
  return {
    spends: sorted.length,
    wallMs: round2(timed.wallMs),
    spendsPerSecond: Math.round((sorted.length / timed.wallMs) * 1000),
    latencyMs: {
      p50: round2(percentile(sorted, 50)),
      p95: round2(percentile(sorted, 95)),
      p99: round2(percentile(sorted, 99)),
      max: round2(sorted.at(-1) ?? 0),
    },
  };
}

/** members are new phones each round */
let phones = 0;

/** 100 new members' cards at the restaurant, recharged by turns (untimed) */
async function newCards(app: TestApp, rid: number, round: string): Promise<number[]> {
  const now = new Date();
  const ids: number[] = [];
  for (let member = 0; member < CONFIG.members; member++) {
    const phone = `13${String(phones++).padStart(9, "0")}`;
    const { card } = await openCard(app.db, { phone, restaurantId: rid, cardTypeName: "储值卡", now });
    const cents = balanceOfMember(member);
    if (cents > 0)
      await rechargePaid(app.db, {
        cardId: card.id,
        paymentKey: `bench-${round}-${member}`,
        rechargeCents: cents,
        rules: [],
        source: "sandbox",
        actor: "bench",
        now,
      });
    ids.push(card.id);
  }
  return ids;
}

async function ledgerRound(app: TestApp, rid: number, round: string, spends: readonly Spend[]) {
  const cards = await newCards(app, rid, round);
  await app.db.execute(sql`vacuum analyze member_cards, member_ledger, member_holds`);
  const now = new Date();
  const { settled, timed } = await burst(spends, (spend, i) =>
    spendStoredValue(app.db, {
      cardId: cards[spend.member] ?? 0,
      eventKey: `${round}-${i}`,
      cents: spend.cents,
      points: 0,
      actor: "bench",
      now,
    }),
  );
  return { cards, settled, timed };
}

/** what a ledger round's database says against what its spends were told */
async function checkLedgerRound(
  app: TestApp,
  spends: readonly Spend[],
  run: Awaited<ReturnType<typeof ledgerRound>>,
) {
  const { cards, settled } = run;
  const taken = new Map<number, number>();
  const refusedMin = new Map<number, number>();
  const entryIds: number[] = [];
  let accepted = 0;
  let refused = 0;
  const failures: string[] = [];
  settled.forEach((s, i) => {
    const spend = spends[i] as Spend;
    if (s.status === "fulfilled") {
      accepted++;
      taken.set(spend.member, (taken.get(spend.member) ?? 0) + spend.cents);
      for (const e of s.value.entries) entryIds.push(e.id);
    } else if (s.reason instanceof AppError && s.reason.key === "balanceShort") {
      refused++;
      refusedMin.set(
        spend.member,
        Math.min(refusedMin.get(spend.member) ?? Number.POSITIVE_INFINITY, spend.cents),
      );
    } else failures.push(String(s.reason));
  });
  let lostUpdates = 0;
  let refusedWithMoney = 0;
  for (const [member, cardId] of cards.entries()) {
    const { balance, spendable } = await cardBalance(app.db, cardId);
    const expected = balanceOfMember(member) - (taken.get(member) ?? 0);
    if (balance.principalCents + balance.giftCents !== expected) lostUpdates++;
    // balances only fall in a round of spends: a refused spend found less than it asked, and so does the end
    if (spendable.cents >= (refusedMin.get(member) ?? Number.POSITIVE_INFINITY)) refusedWithMoney++;
  }
  const spendEntries = await app.db
    .select({ id: memberLedger.id })
    .from(memberLedger)
    .where(and(inArray(memberLedger.cardId, cards), eq(memberLedger.kind, "spend")));
  const recorded = new Set(spendEntries.map((e) => e.id));
  const answeredNotRecorded = entryIds.filter((id) => !recorded.has(id)).length;
  const negative = await app.db.execute<{ n: number }>(sql`
    select (select count(*) from member_ledger where principal_after < 0 or gift_after < 0 or points_after < 0)
         + (select count(*) from member_cards where principal_cents < 0 or gift_cents < 0 or points < 0) as n`);
  const mismatches = await ledgerMismatches(app.db, cards);
  return {
    accepted,
    refused,
    failures: failures.length,
    firstFailure: failures[0] ?? null,
    negativeBalances: Number((negative as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0),
    lostUpdates: lostUpdates + answeredNotRecorded + Math.abs(spendEntries.length - accepted),
    ledgersNotSummingToBalance: mismatches.length,
    refusedWhileTheMoneyWasThere: refusedWithMoney,
  };
}

async function floorRound(floor: Floor, spends: readonly Spend[]) {
  const cardIds = Array.from({ length: CONFIG.members }, (_, m) => m + 1);
  await floor.reset(new Map(cardIds.map((id, m) => [id, balanceOfMember(m)])));
  const { settled, timed } = await burst(spends, (spend) => floor.spend(spend.member + 1, spend.cents));
  const after = await floor.balances();
  let lost = 0;
  const taken = new Map<number, number>();
  settled.forEach((s, i) => {
    const spend = spends[i] as Spend;
    if (s.status === "fulfilled" && s.value)
      taken.set(spend.member, (taken.get(spend.member) ?? 0) + spend.cents);
  });
  for (const [m, id] of cardIds.entries())
    if ((after.get(id) ?? -1) !== balanceOfMember(m) - (taken.get(m) ?? 0)) lost++;
  const accepted = settled.filter((s) => s.status === "fulfilled" && s.value).length;
  return { timed, accepted, lost, negative: [...after.values()].filter((b) => b < 0).length };
}

async function couponRace(app: TestApp, rid: number, dishId: number) {
  const now = new Date();
  const all = (await app.db.select().from(tables)).filter((t) => t.restaurantId === rid);
  let next = 0;
  const nextSeat = () => {
    const at = all[next++ % all.length];
    if (!at) throw new Error("no table");
    return { restaurantId: rid, tableId: at.id, sid: app.signer.tableToken(rid, at.id) };
  };
  const orders = await placeOrders(app, nextSeat, dishId, CONFIG.couponRedeemers);
  const { card } = await openCard(app.db, {
    phone: "13999999999",
    restaurantId: rid,
    cardTypeName: "储值卡",
    now,
  });
  const template = await createCouponTemplate(
    app.db,
    {
      restaurantId: rid,
      name: "满100减10",
      couponType: 1,
      faceCents: 1_000,
      minSpendCents: 10_000,
      validityType: 1,
    },
    now,
  );
  const { coupon } = await giveCoupon(app.db, {
    cardId: card.id,
    templateId: template.id,
    giveKey: "bench",
    now,
  });
  const start = performance.now();
  const settled = await Promise.allSettled(
    orders.map(async (orderId) => {
      await lockCoupon(app.db, { cardId: card.id, couponId: coupon.id, orderId, now });
      return (await useCoupon(app.db, { couponId: coupon.id, orderId, now })).coupon.orderId;
    }),
  );
  const wallMs = round2(performance.now() - start);
  const winners = settled.filter((s) => s.status === "fulfilled").length;
  const refusals = settled.flatMap((s) =>
    s.status === "rejected" ? [s.reason instanceof AppError ? s.reason.key : String(s.reason)] : [],
  );
  const [after] = await app.db.select().from(memberCoupons).where(eq(memberCoupons.id, coupon.id));
  const won = settled.find((s) => s.status === "fulfilled");
  return {
    redeemers: orders.length,
    wallMs,
    winners,
    refusedBy: Object.fromEntries(
      [...new Set(refusals)].map((k) => [k, refusals.filter((r) => r === k).length]),
    ),
    couponAfter: { state: after?.state, orderId: after?.orderId },
    winnerUsedIt: won?.status === "fulfilled" && after?.state === "used" && after.orderId === won.value,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

async function run(resources: Resources) {
  const loadAverageAtStart = loadAverageNow();
  log(`load average at start ${loadAverageAtStart.join(" ")}`);
  const app = await startTestApp("postgres", {
    env: { PAY_RECONCILE_MS: "0", RATE_LIMIT_PER_MINUTE: "100000" },
  });
  resources.app = app;
  const table = await demoTable(app, (r) => r.wctPayType === 0 && !r.fastHotel);
  const rid = table.restaurantId;
  const dishId = plainDish(await menuOf(app, rid)).id;
  const floor = await openFloor(app.databaseUrl ?? "");
  resources.floor = floor;

  log(`warm-up: ${CONFIG.warmupSpends} spends on each`);
  const warm = planSpends(CONFIG.warmupSpends);
  await floorRound(floor, warm);
  await ledgerRound(app, rid, "w0", warm);

  const rounds = [];
  for (let r = 1; r <= CONFIG.rounds; r++) {
    const spends = planSpends(CONFIG.spends);
    // which goes first alternates, so neither always follows the other's work
    const floorFirst = r % 2 === 1;
    const early = floorFirst ? await floorRound(floor, spends) : null;
    const ledger = await ledgerRound(app, rid, `r${r}`, spends);
    const bare = early ?? (await floorRound(floor, spends));
    const check = await checkLedgerRound(app, spends, ledger);
    const round = {
      round: r,
      first: floorFirst ? "floor" : "ledger",
      floor: {
        ...figures(bare.timed),
        accepted: bare.accepted,
        lost: bare.lost,
        negative: bare.negative,
      },
      ledger: { ...figures(ledger.timed), ...check },
    };
    log(
      `round ${r}: ledger ${round.ledger.spendsPerSecond}/s p99 ${round.ledger.latencyMs.p99} ms ` +
        `(${check.accepted} taken, ${check.refused} refused); floor ${round.floor.spendsPerSecond}/s p99 ` +
        `${round.floor.latencyMs.p99} ms (${bare.accepted} taken)`,
    );
    rounds.push(round);
  }

  log(
    `coupon: ${CONFIG.couponRedeemers} orders placed, then ${CONFIG.couponRedeemers} redemptions of one coupon at once`,
  );
  const coupon = await couponRace(app, rid, dishId);
  log(`coupon: ${coupon.winners} won in ${coupon.wallMs} ms`);
  const loadAverageAtEnd = loadAverageNow();
  return results({ rounds, coupon, loadAverageAtStart, loadAverageAtEnd });
}

type Round = {
  round: number;
  floor: ReturnType<typeof figures> & { accepted: number; lost: number; negative: number };
  ledger: ReturnType<typeof figures> & Awaited<ReturnType<typeof checkLedgerRound>>;
};

function results(f: {
  rounds: Round[];
  coupon: Awaited<ReturnType<typeof couponRace>>;
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[];
}) {
  const ledgerRate = median(f.rounds.map((r) => r.ledger.spendsPerSecond));
  const floorRate = median(f.rounds.map((r) => r.floor.spendsPerSecond));
  const ledgerP99 = median(f.rounds.map((r) => r.ledger.latencyMs.p99));
  const floorP99 = median(f.rounds.map((r) => r.floor.latencyMs.p99));
  const sum = (pick: (r: Round) => number) => f.rounds.reduce((s, r) => s + pick(r), 0);
  return {
    measuredAt: new Date().toISOString(),
    machine: machineFacts({
      loadAverageAtStart: f.loadAverageAtStart,
      loadAverageAtEnd: f.loadAverageAtEnd,
      sharedBy:
        "this process (the ledger's callers and the app), PostgreSQL and other people's work on the machine",
    }),
    config: {
      ...CONFIG,
      database: `PostgreSQL 127.0.0.1:5432, a fresh database (migrated, demo seeded); the ledger on the app's pool of ${SERVER_POOL}, the floor on a pool of ${SERVER_POOL}`,
      spends:
        `each round: ${CONFIG.members} new cards at one demo restaurant, recharged by turns with ` +
        `${CONFIG.balances.map((b) => b / 100).join("/")} yuan (untimed, VACUUM ANALYZE after); ` +
        `${CONFIG.spends} spends of ${CONFIG.spendCents.min / 100}-${CONFIG.spendCents.max / 100} yuan (whole yuan) on cards picked at random, ` +
        "all issued at once (Promise.all); latency from the issue to each answer, so it holds the wait for a pooled connection",
      ledger:
        "spendStoredValue (apps/server/src/modules/member): BEGIN; the card locked and read with its open holds and the event's entry; " +
        "core's applyEntry; the entry (with its balance after) and the card's head in one statement; COMMIT (deferred triggers check the entry follows its predecessor and the card equals its ledger)",
      floor:
        "the same spends in the same round (first in odd rounds, after the ledger in even ones): update bench_member_floor set balance = balance - $2 where card_id = $1 and balance >= $2 (autocommit, named, one round trip)",
      coupon:
        `${CONFIG.couponRedeemers} orders placed over the submit route (untimed), one cash coupon given to a card, then ` +
        `${CONFIG.couponRedeemers} redemptions at once: lockCoupon to its order, then useCoupon if the lock was won`,
    },
    rounds: f.rounds,
    figures: {
      ledger: { spendsPerSecond: ledgerRate, p99Ms: ledgerP99 },
      floor: { spendsPerSecond: floorRate, p99Ms: floorP99 },
      ratio: {
        floorOverLedgerSpendsPerSecond: ledgerRate > 0 ? round2(floorRate / ledgerRate) : 0,
        ledgerOverFloorP99: floorP99 > 0 ? round2(ledgerP99 / floorP99) : 0,
      },
      coupon: f.coupon,
    },
    checks: {
      spendsTaken: sum((r) => r.ledger.accepted),
      spendsRefused4701: sum((r) => r.ledger.refused),
      failures: sum((r) => r.ledger.failures),
      firstFailure: f.rounds.find((r) => r.ledger.firstFailure)?.ledger.firstFailure ?? null,
      negativeBalances: sum((r) => r.ledger.negativeBalances),
      lostUpdates: sum((r) => r.ledger.lostUpdates),
      ledgersNotSummingToBalance: sum((r) => r.ledger.ledgersNotSummingToBalance),
      refusedWhileTheMoneyWasThere: sum((r) => r.ledger.refusedWhileTheMoneyWasThere),
      couponWinners: f.coupon.winners,
      floorLost: sum((r) => r.floor.lost),
    },
    verdicts: {
      zeroNegativeBalances: sum((r) => r.ledger.negativeBalances) === 0,
      zeroLostUpdates: sum((r) => r.ledger.lostUpdates) === 0,
      everyLedgerSumsToItsBalance: sum((r) => r.ledger.ledgersNotSummingToBalance) === 0,
      noRefusalWhileTheMoneyWasThere: sum((r) => r.ledger.refusedWhileTheMoneyWasThere) === 0,
      noFailureButCoreRefusals: sum((r) => r.ledger.failures) === 0,
      someSpendsRefused: sum((r) => r.ledger.refused) > 0,
      couponExactlyOneWinner: f.coupon.winners === 1 && f.coupon.winnerUsedIt,
    },
    notes: [
      `figures: the median over ${f.rounds.length} rounds of each figure; each round's are under rounds.`,
      "spendsPerSecond: the round's 1,000 spends over the time from issuing them to the last answer (refusals count: each is a locked read and core's decision).",
      "latency: all spends are issued at once to a pool of 10 connections, so a spend's latency is mostly its wait for a connection; p99 is close to the round's length.",
      "ratio: the floor does only what a balance needs at the least (one conditional update); the ledger also keeps principal and gift apart, honours open holds, decides with core's rules, writes an entry per spend with its balance after and an event key (a replay changes nothing), and has the database check the chain at commit.",
      "no CPU shares: a round lasts 0.05-0.5 s, too short for /proc's 10 ms ticks to say anything.",
    ],
  };
}

function summary(r: ReturnType<typeof results>): string {
  const { ledger, floor, ratio, coupon } = r.figures;
  const verdicts = Object.entries(r.verdicts)
    .map(([name, pass]) => `${name} ${pass ? "pass" : "FAIL"}`)
    .join(", ");
  return (
    `ledger: ${ledger.spendsPerSecond} spends/s, p99 ${ledger.p99Ms} ms (median of ${r.rounds.length} rounds)\n` +
    `floor (bare conditional update): ${floor.spendsPerSecond} spends/s, p99 ${floor.p99Ms} ms\n` +
    `ratio: floor/ledger spends/s ${ratio.floorOverLedgerSpendsPerSecond}, ledger/floor p99 ${ratio.ledgerOverFloorP99}\n` +
    `coupon: ${coupon.winners} of ${coupon.redeemers} won (${coupon.wallMs} ms)\n` +
    `checks: ${JSON.stringify(r.checks)}\n${verdicts}\n`
  );
}

await benchMain({
  name: "member-ledger bench",
  resultsFile: RESULTS_FILE,
  log,
  run,
  summary,
  release: async (resources: Resources) => {
    await resources.floor?.close().catch(() => undefined);
    await resources.app?.close().catch(() => undefined);
  },
});
