/**
 * The crash soak's people, over plain HTTP against a running server (the embedded store is the server's
 * alone): a diner seats, adds a dish, submits and, at a prepayment restaurant, pays at the sandbox's
 * checkout; the console's cashier settles tables. Each records only what the server acknowledged.
 */
import { randomUUID } from "node:crypto";
import { API, type Dish, PAY_API, type PayStart } from "@tablemate/core";
import { createSigner } from "../../apps/server/src/security/signer.js";

const PLAIN = { normId: null, methodIds: [], additions: [], parts: [] };

export interface Seat {
  rid: number;
  tableId: number;
  sid: string;
  prepay: boolean;
}

export interface Acknowledged {
  /** what went wrong on the way, by step and code or error (a killed server's refusals included) */
  failures: Record<string, number>;
  /** order id → the diner's guid and restaurant (to look it up as that diner) */
  orders: Map<number, { guid: string; rid: number }>;
  /** trade number → the payer */
  payments: Map<string, { guid: string; rid: number }>;
  settles: number;
}

interface Envelope<T> {
  code: number;
  success: boolean;
  data: T;
  message: string;
}

export class Floor {
  private readonly signer: ReturnType<typeof createSigner>;

  constructor(
    readonly base: () => string,
    secret: string,
    readonly acknowledged: Acknowledged,
  ) {
    this.signer = createSigner(secret);
  }

  headers(guid: string): Record<string, string> {
    return { token: this.signer.visitorCredential(guid) };
  }

  private async call<T>(guid: string, path: string, init: RequestInit = {}): Promise<Envelope<T>> {
    const response = await fetch(`${this.base()}${path}`, {
      ...init,
      headers: { ...this.headers(guid), ...(init.headers as Record<string, string>) },
    });
    return (await response.json()) as Envelope<T>;
  }

  private json<T>(guid: string, path: string, body: object, headers: Record<string, string> = {}) {
    return this.call<T>(guid, path, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  }

  async plainDish(rid: number): Promise<number> {
    const { data } = await this.call<Dish[]>("bench", `${API.foodList}?restaurantId=${rid}`);
    const dish = data.find(
      (d) =>
        d.foodproperty === 0 &&
        d.norms.length === 0 &&
        d.estimate === -1 &&
        !d.minCount &&
        d.availableStatus === 1,
    );
    if (!dish) throw new Error(`no plain dish at restaurant ${rid}`);
    return dish.id;
  }

  /** One diner's visit: seated, one dish, submitted, and paid where the restaurant takes payment first. */
  async dine(seat: Seat, dishId: number): Promise<void> {
    const guid = `soak-${randomUUID()}`;
    const { rid, tableId, sid } = seat;
    await this.json(guid, `${API.tableJoin}?rid=${rid}`, {
      accessType: "realTable",
      guid,
      restaurantId: rid,
      tableId,
      sid,
    });
    const cart = await this.call<{ value: number; sign: string }>(
      guid,
      `${API.cartId}?rid=${rid}&tableId=${tableId}&guid=${guid}&sid=${sid}`,
    );
    const cartRef = { rid, cartId: cart.data.value, cartIdSign: cart.data.sign, guid };
    await this.json(guid, API.cartOps, {
      ...cartRef,
      opId: randomUUID(),
      op: { kind: "add", foodId: dishId, choice: PLAIN },
    });
    const order = {
      submitId: randomUUID(),
      restaurantId: rid,
      realTableId: tableId,
      cartId: cart.data.value,
      cartIdSign: cart.data.sign,
      wholeMemo: { guid, memo: "" },
      orderUsers: [{ guid }],
      userId: guid,
      personNum: 1,
    };
    const submitted = await this.call<{ orderId: number }>(guid, API.orderSubmit, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        data: JSON.stringify(order),
        isNewVersion: "true",
        token: "",
        smToken: "",
      }),
    });
    if (submitted.code !== 1000) return this.failed(`submit ${submitted.code}`);
    const { orderId } = submitted.data;
    this.acknowledged.orders.set(orderId, { guid, rid });
    if (!seat.prepay) return;
    const start = await this.json<PayStart>(
      guid,
      PAY_API.prepay,
      { rid, orderId, returnPath: "/pay/success" },
      { "idempotency-key": randomUUID() },
    );
    if (start.code !== 1000 || start.data.next.kind !== "redirect")
      return this.failed(`prepay ${start.code}`);
    const paid = await fetch(start.data.next.url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "action=pay",
      redirect: "manual",
    });
    // the gateway took the money: from here the order must end paid, notification or not
    if (paid.status === 303) this.acknowledged.payments.set(start.data.tradeNo, { guid, rid });
  }

  failed(what: string): void {
    this.acknowledged.failures[what] = (this.acknowledged.failures[what] ?? 0) + 1;
  }

  /** Whether order `orderId` is there, looked up as the diner who placed it. */
  async hasOrder(orderId: number, who: { guid: string; rid: number }): Promise<boolean> {
    const answer = await this.call<unknown>(who.guid, `${API.orderDetail}/${orderId}?rid=${who.rid}`);
    // this v2 call answers code 200 (spec 001 §3); success is the envelope's yes either way
    if (!answer.success) this.failed(`order lookup ${answer.code} ${answer.message}`);
    return answer.success;
  }

  async paymentStatus(tradeNo: string, who: { guid: string; rid: number }): Promise<string> {
    const answer = await this.call<{ status: string }>(
      who.guid,
      `${PAY_API.payAttempt(tradeNo)}?rid=${who.rid}`,
    );
    return answer.code === 1000 ? answer.data.status : `code ${answer.code}`;
  }
}

/** The console's cashier, signed in as the restaurant's owner (the session lives in the database, so it outlives a restart). */
export class Cashier {
  constructor(
    readonly base: () => string,
    readonly cookie: string,
    readonly acknowledged: Acknowledged,
  ) {}

  static async signIn(base: () => string, login: string, password: string, acknowledged: Acknowledged) {
    const response = await fetch(`${base()}${API.consoleSession}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login, password }),
    });
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0] ?? "")
      .find((c) => c.startsWith("tm_staff="));
    if (!cookie) throw new Error(`console sign-in refused: ${response.status}`);
    return new Cashier(base, cookie, acknowledged);
  }

  async settle(rid: number, tableId: number): Promise<void> {
    const response = await fetch(`${this.base()}${API.staffSettleTable(rid, tableId)}`, {
      method: "POST",
      headers: { cookie: this.cookie, "content-type": "application/json" },
      body: "{}",
    });
    const answer = (await response.json()) as { code: number };
    if (answer.code === 1000) this.acknowledged.settles += 1;
    else
      this.acknowledged.failures[`settle ${answer.code}`] =
        (this.acknowledged.failures[`settle ${answer.code}`] ?? 0) + 1;
  }
}
