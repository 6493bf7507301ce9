/**
 * The submit bench's setup, before the timed load and untimed: every bench table gets one diner seated
 * over HTTP (table join, cart id) and its shared cart filled over HTTP with real cart operations (two
 * adds), a bounded number of tables in flight. What each cart takes is planned first, so the popular
 * dishes' estimates can be set from the plan before any add checks stock against them.
 */
import { randomUUID } from "node:crypto";
import { API } from "@tablemate/core";
import type { Seat } from "../cart/commands.js";
import { type Spread, spread } from "../cart/stats.js";
import type { HttpClient } from "./http.js";

export interface CartPlan {
  seat: Seat;
  /** an unlimited dish, then one that is popular in `popularShare` of carts */
  dishes: [number, number];
}

/** A seated table whose shared cart holds its planned dishes, ready to submit. */
export interface PrefilledTable {
  seat: Seat;
  guid: string;
  /** the Cookie header that carries the diner's credential */
  cookie: string;
  cart: { value: number; sign: string };
}

export interface PrefillResult {
  tables: PrefilledTable[];
  seconds: number;
  /** setup only: the adds that filled the carts, from send to answer */
  cartOpLatencyMs: Spread;
  /** adds the server refused (the cart then holds less than planned) */
  refusedAdds: number;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/**
 * Two dishes per table: an unlimited one, then a popular one in `popularShare` of carts or another
 * unlimited one. The first popular dish goes into the first `firstPopularCarts` carts that draw it and
 * no more, so the share of carts refused once it sells out stays small.
 */
export function planCarts(
  seats: Seat[],
  dishes: { popular: number[]; others: number[]; popularShare: number; firstPopularCarts: number },
): CartPlan[] {
  const [firstPopular, ...laterPopular] = dishes.popular;
  let firstLeft = dishes.firstPopularCarts;
  const pickPopular = (): number => {
    const drawn = pick(dishes.popular);
    if (drawn !== firstPopular) return drawn;
    if (firstLeft-- > 0 || laterPopular.length === 0) return drawn;
    return pick(laterPopular);
  };
  return seats.map((seat) => {
    const first = pick(dishes.others);
    let second = Math.random() < dishes.popularShare ? pickPopular() : pick(dishes.others);
    while (second === first) second = pick(dishes.others);
    return { seat, dishes: [first, second] };
  });
}

/** How many planned carts hold each of these dishes. */
export const cartsHolding = (plans: CartPlan[], foodIds: number[]): number[] =>
  foodIds.map((id) => plans.filter((p) => p.dishes.includes(id)).length);

/** Seats a diner and fills the cart of every planned table, `concurrency` tables at a time; logs progress. */
export async function prefill(
  http: HttpClient,
  plans: CartPlan[],
  options: {
    concurrency: number;
    log: (text: string) => void;
    /** where the adds' latencies go, for a caller that fills in several rounds (supply.ts); a new list by default */
    latencies?: number[];
  },
): Promise<PrefillResult> {
  const tables: PrefilledTable[] = [];
  const latencies = options.latencies ?? [];
  let refusedAdds = 0;

  const fill = async ({ seat, dishes }: CartPlan): Promise<PrefilledTable> => {
    const { rid, tableId, sid } = seat;
    // a new visitor, as a phone becomes one: the server issues the guid and its credential
    const { guid, cookie } = await visitor(http, rid);
    await http.json(
      `${API.tableJoin}?rid=${rid}`,
      { accessType: "realTable", guid, restaurantId: rid, tableId, sid },
      cookie,
    );
    const answer = await http.send(
      "GET",
      `${API.cartId}?rid=${rid}&tableId=${tableId}&guid=${guid}&sid=${sid}`,
      undefined,
      cookie,
    );
    if (answer.body.code !== 1000) throw new Error(`cart id for table ${tableId}: ${answer.body.message}`);
    const cart = answer.body.data as PrefilledTable["cart"];
    for (const foodId of dishes) {
      const sent = performance.now();
      const added = await http.json(
        API.cartOps,
        {
          rid,
          cartId: cart.value,
          cartIdSign: cart.sign,
          guid,
          opId: randomUUID(),
          op: { kind: "add", foodId, choice: { normId: null, methodIds: [], additions: [], parts: [] } },
        },
        cookie,
      );
      latencies.push(performance.now() - sent);
      const verdict = (added.body.data as { verdict?: { ok: boolean } } | undefined)?.verdict;
      if (!verdict?.ok) refusedAdds++;
    }
    return { seat, guid, cookie, cart };
  };

  const start = performance.now();
  let lastLog = start;
  let next = 0;
  let filled = 0;
  const worker = async () => {
    while (next < plans.length) {
      const at = next++;
      tables[at] = await fill(plans[at] as CartPlan);
      filled++;
      const now = performance.now();
      if (now - lastLog >= 5000) {
        lastLog = now;
        const perSecond = Math.round(filled / ((now - start) / 1000));
        options.log(`prefill: ${filled}/${plans.length} tables (${perSecond}/s)`);
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return {
    tables,
    seconds: Math.round((performance.now() - start) / 100) / 10,
    cartOpLatencyMs: spread(latencies),
    refusedAdds,
  };
}

/** A new visitor: getUserInfo without a credential issues one (the token), sent back as its cookie. */
export async function visitor(http: HttpClient, rid: number): Promise<{ guid: string; cookie: string }> {
  const answer = await http.send("GET", `${API.userInfo}?rid=${rid}`);
  const user = answer.body.message as { guid?: string; token?: string } | undefined;
  if (!user?.guid || !user.token) throw new Error(`no visitor issued: ${JSON.stringify(answer.body)}`);
  return { guid: user.guid, cookie: `tm_visitor=${user.token}` };
}
