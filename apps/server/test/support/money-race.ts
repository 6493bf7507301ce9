import { randomUUID } from "node:crypto";
import { API, type BillView, type MoneyOp, PAY_API, type PayStart } from "@tablemate/core";
import { checkMoney, type MoneyCheck } from "../../src/modules/settlement/invariants.js";
import { deliverNotification, type FakeProvider } from "./fake-provider.js";
import { asVisitor, json, type TestApp } from "./harness.js";
import { Diner, demoRestaurants, menuOf, plainDishes, type Seat, tablesOfTheirOwn } from "./ordering.js";
import { staffHeaders } from "./staff.js";

/** One table of the race: its seat, the party now at it, and what they ordered and started paying. */
interface RaceTable {
  rid: number;
  payLater: boolean;
  seat: Seat;
  diners: Diner[];
  orders: number[];
  trades: string[];
}

const pickOf = <T>(items: readonly T[], pick: number): T | undefined =>
  items[Math.floor(pick * items.length)];

/**
 * Plays core's money operations (money-model.ts planMoneyOps) at real tables of the demo's prepayment
 * and pay-later restaurants, through the routes (order, prepay, the bill's claims and pay, the
 * provider's notifications: once, twice at once, or after a later one, the diner's and the cashier's
 * cancel, the settle); the caller runs them concurrently. Every answer is an outcome, none an error:
 * a refusal (2000 paying, 4603 nothing due, 4610 a share paying…) is one way a race may end.
 * `check` asks the model's verdict of the rows afterwards.
 */
export class MoneyRace {
  private tables: RaceTable[] = [];
  private dishes = new Map<number, number[]>();
  readonly outcomes = new Map<string, number>();

  private constructor(
    private readonly app: TestApp,
    private readonly provider: FakeProvider,
    readonly restaurantIds: number[],
  ) {}

  /** `count` tables, half at the prepayment restaurant and half at the pay-later one, a party of two
   * at each, with an order placed. */
  static async open(app: TestApp, provider: FakeProvider, count: number, label: string): Promise<MoneyRace> {
    const find = await demoRestaurants(app);
    const payFirst = find((r) => r.wctPayType === 1 && !r.fastHotel).id;
    const payLater = find((r) => r.linkMode === "dine" && !r.fastHotel && r.wctPayType === 0).id;
    const race = new MoneyRace(app, provider, [payFirst, payLater]);
    for (const rid of race.restaurantIds)
      race.dishes.set(
        rid,
        plainDishes(await menuOf(app, rid)).map((d) => d.id),
      );
    const first = await tablesOfTheirOwn(app, payFirst, Math.ceil(count / 2), `${label}先`);
    const later = await tablesOfTheirOwn(app, payLater, Math.floor(count / 2), `${label}后`);
    for (let i = 0; i < count; i++) {
      const payLaterTable = i % 2 === 1;
      race.tables.push({
        rid: payLaterTable ? payLater : payFirst,
        payLater: payLaterTable,
        seat: payLaterTable ? later() : first(),
        diners: [],
        orders: [],
        trades: [],
      });
    }
    for (const table of race.tables) await race.seatParty(table);
    return race;
  }

  private async seatParty(table: RaceTable): Promise<void> {
    table.diners = [
      await new Diner(this.app, `race-${randomUUID()}`, table.seat).sit(),
      await new Diner(this.app, `race-${randomUUID()}`, table.seat).sit(),
    ];
    table.orders = [];
    // the party orders at once: most of the script's money operations need an order to act on
    await this.order(table, table.diners[0]);
  }

  /** Plays one operation; answers its outcome's name (also counted in `outcomes`). */
  async play(op: MoneyOp): Promise<string> {
    const table = this.tables[op.table % this.tables.length];
    if (!table) throw new Error(`no table ${op.table}`);
    const outcome = await this.outcomeOf(table, op);
    const name = `${op.kind}:${outcome}`;
    this.outcomes.set(name, (this.outcomes.get(name) ?? 0) + 1);
    return name;
  }

  private async outcomeOf(table: RaceTable, op: MoneyOp): Promise<string> {
    const diner = pickOf(table.diners, op.pick);
    const orderId = pickOf(table.orders, op.pick);
    const trade = pickOf(table.trades, op.pick);
    switch (op.kind) {
      case "order":
        return this.order(table, diner);
      case "prepay":
        return orderId && diner ? this.started(table, await diner.prepay(orderId)) : "none";
      case "share":
        return table.payLater && diner ? this.share(table, diner) : "none";
      case "notify":
        return trade ? String(await this.deliver(table, trade)) : "none";
      case "duplicate": {
        if (!trade) return "none";
        const both = await Promise.all([this.deliver(table, trade), this.deliver(table, trade)]);
        return both.join("+");
      }
      case "reorder": {
        const later = table.trades.at(-1);
        if (!trade || !later) return "none";
        return `${await this.deliver(table, later)}>${await this.deliver(table, trade)}`;
      }
      case "cancel":
        return orderId && diner
          ? code(await diner.post(API.orderCancel(orderId), { rid: table.rid }))
          : "none";
      case "staffCancel":
        return orderId
          ? code(
              await this.staff(table, API.consoleOrderAction(table.rid, orderId, "cancel"), {
                reason: "客人要求",
              }),
            )
          : "none";
      case "settle":
        return this.settle(table);
    }
  }

  private async order(table: RaceTable, diner: Diner | undefined): Promise<string> {
    const dish = pickOf(this.dishes.get(table.rid) ?? [], Math.random());
    if (!diner || !dish) return "none";
    await diner.add(dish);
    const answer = json(await diner.submit());
    if (answer.code === 1000) table.orders.push((answer.data as { orderId: number }).orderId);
    return String(answer.code);
  }

  private started(table: RaceTable, response: Parameters<typeof json>[0]): string {
    const answer = json(response);
    const start = answer.data as PayStart | undefined;
    if (answer.code === 1000 && start?.tradeNo && !table.trades.includes(start.tradeNo))
      table.trades.push(start.tradeNo);
    return String(answer.code);
  }

  private async share(table: RaceTable, diner: Diner): Promise<string> {
    const bill = json(await diner.get(`${PAY_API.bill}?rid=${table.rid}`));
    if (bill.code !== 1000) return String(bill.code);
    const mine = (bill.data as BillView).lines.filter((l) => l.mine && l.claims.length === 0);
    if (mine.length) {
      const claimed = await this.app.server.inject({
        method: "POST",
        url: PAY_API.billClaims,
        headers: asVisitor(diner.guid),
        payload: { rid: table.rid, claims: mine.map((l) => ({ lineId: l.lineId, shares: 1, take: 1 })) },
      });
      if (json(claimed).code !== 1000) return `claim ${json(claimed).code}`;
    }
    const paying = await this.app.server.inject({
      method: "POST",
      url: PAY_API.billPay,
      headers: { ...asVisitor(diner.guid), "idempotency-key": randomUUID() },
      payload: { rid: table.rid, returnPath: "/pay/success" },
    });
    return this.started(table, paying);
  }

  /** The payer pays at the provider, and the provider's word comes to the notification route. */
  private async deliver(table: RaceTable, tradeNo: string): Promise<number> {
    const state = this.provider.trades.get(tradeNo)?.state;
    if (state === "pending") this.provider.pay(tradeNo);
    return (await deliverNotification(this.app, table.rid, this.provider.notification(tradeNo))).statusCode;
  }

  private async staff(table: RaceTable, url: string, payload: object = {}) {
    return this.app.server.inject({
      method: "POST",
      url,
      headers: await staffHeaders(this.app, table.rid, "manager"),
      payload,
    });
  }

  private async settle(table: RaceTable): Promise<string> {
    const answer = code(await this.staff(table, API.staffSettleTable(table.rid, table.seat.tableId)));
    // settled: the next party sits (a new visit); their predecessors' trades may still be notified
    if (answer === "1000") await this.seatParty(table);
    return answer;
  }

  /** The model's verdict of the rows now. */
  check(): Promise<MoneyCheck> {
    return checkMoney(this.app.db, this.restaurantIds);
  }
}

const code = (response: Parameters<typeof json>[0]) => String(json(response).code);
