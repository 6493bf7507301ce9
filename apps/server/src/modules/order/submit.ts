import { randomUUID } from "node:crypto";
import {
  type CartLine,
  type ContactField,
  cartTotal,
  chosenMethods,
  contactProblems,
  type Dish,
  detailId,
  isPrepaymentMode,
  isShopOpen,
  localClock,
  MSG,
  ORDER_STATUS,
  type OrderPayload,
  priceLine,
  roundMoney,
  type StockMessage,
  SUBMIT_CODES,
  type SubmitResult,
  type TableMessage,
  truncateMoney,
} from "@tablemate/core";
import Big from "big.js";
import { type Run, transaction } from "../../db/statements.js";
import { cartTopic, restaurantTopic } from "../../realtime/hub.js";
import type { Signer } from "../../security/signer.js";
import { presentForRules, presentLine } from "../cart/cart-state.js";
import type { CartDeps } from "../cart/operate.js";
import type { PhoneCodes } from "../verification/phone-codes.js";
import { type StockLeft, StockShortage, takeAdditionStock, takeDishStock } from "./stock.js";
import {
  lastOrderOfCart,
  lockAndReadCart,
  nextSerial,
  OPEN_STATUSES,
  type OrderLineRow,
  openOrderOfTable,
  orderById,
  readSubmit,
  releaseSubmitLock,
  takeSubmitLock,
  writeOrder,
} from "./submit-statements.js";

/** A refusal with its submit code (spec 000 §8) and the guest-facing message. */
export class SubmitRefused extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export interface SubmitDeps extends CartDeps {
  signer: Signer;
  submitTimeoutMs: number;
  phoneCodes: PhoneCodes;
}

/** PostgreSQL's query_canceled (57014), however the driver wraps it. */
function isStatementTimeout(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && typeof e === "object" && e !== null; depth++) {
    if ("code" in e && e.code === "57014") return true;
    e = "cause" in e ? e.cause : undefined;
  }
  return false;
}

/** A lock older than this belongs to a submit that died; the next one takes it over. */
const STALE_LOCK_MS = 30_000;

function refuse(code: number, message: string, data: unknown = null): never {
  throw new SubmitRefused(code, message, data);
}

/**
 * One submit per cart at a time, across processes: a second meanwhile learns who holds it. One statement
 * takes the lock, or takes over one left by a submit that died. The lock is released by the submit's own
 * transaction (with its commit), or by `unlock` when that transaction did not commit.
 */
async function lockCart(deps: SubmitDeps, cartId: number, guid: string): Promise<() => Promise<void>> {
  const { db } = deps;
  const lock = await takeSubmitLock(db, cartId, guid, new Date(deps.now().getTime() - STALE_LOCK_MS));
  if (!lock.taken) {
    if (lock.holder === guid) refuse(SUBMIT_CODES.submitting, "订单提交中，请稍候");
    refuse(SUBMIT_CODES.othersOrdering, "您的同伴正在下单，请稍后再试");
  }
  return () => releaseSubmitLock(db, cartId, guid);
}

/** The lines to order: the shared cart's, or (the socket was down) the client's local cart. */
function localLines(payload: OrderPayload): CartLine[] {
  return payload.foods.map((food) => ({ ...food, detailId: detailId(food.foodId, food) }));
}

/** What the submit answers when the supply form's contact is incomplete. */
const CONTACT_REFUSALS: Record<ContactField, string> = {
  phone: "请填写正确的手机号",
  name: "请填写联系人",
  address: "请填写送餐地址",
};

function eatType(payload: OrderPayload, fastHotel: boolean): "dine" | "fast" | "takeout" | "reserve" {
  if (payload.reserve) return "reserve";
  if (payload.takeout) return "takeout";
  return fastHotel ? "fast" : "dine";
}

interface PricedOrderLine {
  line: CartLine;
  dish: Dish;
  total: Big;
  vipTotal: Big;
}

function priceLines(lines: CartLine[], menu: Dish[]): PricedOrderLine[] {
  return lines.map((line) => {
    const dish = menu.find((d) => d.id === line.foodId);
    if (!dish) refuse(SUBMIT_CODES.serverMessage, "购物车中有已下架的菜品，请删除后再下单");
    return {
      line,
      dish,
      total: priceLine(dish, line, line.count, false).total,
      vipTotal: priceLine(dish, line, line.count, true).total,
    };
  });
}

function stockNeeds(priced: PricedOrderLine[]) {
  const dishesNeeded = new Map<number, number>();
  const additionsNeeded = new Map<number, { need: number; name: string }>();
  for (const { line, dish } of priced) {
    // stock counts whole units; a weighed portion takes one unit per started unit
    const units = Math.ceil(Number(line.count));
    dishesNeeded.set(dish.id, (dishesNeeded.get(dish.id) ?? 0) + units);
    for (const addition of line.additions) {
      const name =
        dish.additionCategories.flatMap((c) => c.additions).find((a) => a.id === addition.id)?.name ?? "";
      const before = additionsNeeded.get(addition.id)?.need ?? 0;
      additionsNeeded.set(addition.id, { need: before + addition.count * units, name });
    }
  }
  return { dishesNeeded, additionsNeeded };
}

/** A placed (or replayed) order, and the diner's visitor token the answer carries. */
export interface Submitted {
  result: SubmitResult;
  token: string;
}

/**
 * Submits a table's order: re-prices every line from the database with core's pricing (the client's
 * prices are never read), takes stock atomically, writes the order and its first event, and clears
 * the cart, all in one transaction. Tablemates hear type 3, and every diner of the restaurant the
 * new stock (type 20), only after it is committed.
 */
export async function submitOrder(deps: SubmitDeps, payload: OrderPayload, guid: string): Promise<Submitted> {
  const { db, signer } = deps;
  if (payload.userId !== guid) refuse(SUBMIT_CODES.invalid, "订单无效，请重新扫码");
  const found = await readSubmit(db, {
    restaurantId: payload.restaurantId,
    cartId: payload.cartId,
    submitId: payload.submitId,
    guid,
  });
  if (!found) refuse(SUBMIT_CODES.restaurantNotFound, "餐厅不存在");
  const { cart, existing, token: foundToken, ...restaurant } = found;
  const token = foundToken ?? "";
  const now = deps.now();
  const clock = localClock(now, restaurant.timezone);
  if (!isShopOpen({ businessTime: restaurant.businessTime, hotelLock: restaurant.hotelLock }, clock)) {
    refuse(SUBMIT_CODES.shopClosed, "本店已打烊，暂时无法下单");
  }
  if (!restaurant.posOnline) refuse(SUBMIT_CODES.posOffline, "收银台网络异常，请联系服务员");
  if (!signer.verifyCartSign(payload.cartId, payload.cartIdSign))
    refuse(SUBMIT_CODES.invalid, "订单无效，请重新扫码");
  if (existing) {
    return {
      result: { orderId: existing.id, mainWxId: existing.mainGuid, realTableId: existing.tableId },
      token,
    };
  }

  if (!cart || cart.restaurantId !== restaurant.id || cart.tableId !== payload.realTableId) {
    refuse(SUBMIT_CODES.invalid, "订单无效，请重新扫码");
  }
  const kind = eatType(payload, restaurant.fastHotel);
  const withContact = kind === "reserve" || kind === "takeout" || payload.foodTakingMode === 1;
  const [lacking] = withContact ? contactProblems(payload, kind === "takeout") : [];
  if (lacking) refuse(SUBMIT_CODES.serverMessage, CONTACT_REFUSALS[lacking]);
  if (!(await deps.phoneCodes.acceptsOrder(restaurant, payload)))
    refuse(SUBMIT_CODES.wrongCode, "验证码错误");

  const unlock = await lockCart(deps, cart.id, guid);
  let committed = false;
  let outcome: Placed;
  try {
    outcome = await transaction(
      db,
      async (tx) => {
        const local = payload.faultCart ? localLines(payload) : null;
        const read = await lockAndReadCart(tx, {
          cartId: cart.id,
          restaurantId: restaurant.id,
          localFoodIds: local?.map((l) => l.foodId),
        });
        const lines = local ?? read.lines.map(presentLine);
        await refuseCompanionOrder(
          tx,
          payload,
          guid,
          cart.tableId,
          restaurant.wctPayType,
          restaurant.fastHotel,
        );
        if (lines.length === 0)
          return { replay: await emptyCartAnswer(tx, cart.id, payload.submitId, guid, now) };
        const mainOrder = await mainOrderOf(tx, payload, cart.tableId);

        const priced = priceLines(lines, presentForRules(read.dishRows, restaurant.timezone, now));
        const expired = priced.filter((p) => p.dish.availableStatus !== 1).map((p) => p.dish.name);
        if (expired.length) refuse(SUBMIT_CODES.serverMessage, `${expired.join("、")}已进入不可售时段`);
        const total = cartTotal(priced.map((p) => p.total));
        if (kind === "takeout" && total.lt(restaurant.startPrice)) {
          refuse(SUBMIT_CODES.serverMessage, `未达到起送价¥${truncateMoney(restaurant.startPrice)}`);
        }
        const { dishesNeeded, additionsNeeded } = stockNeeds(priced);

        const fastSerialNo = restaurant.fastHotel ? await nextSerial(tx, restaurant.id, now) : null;
        const { order, cart: cleared } = await writeOrder(
          tx,
          {
            restaurantId: restaurant.id,
            tableId: cart.tableId,
            cartId: cart.id,
            mainGuid: mainOrder?.mainGuid ?? guid,
            mainOrderId: mainOrder?.id ?? null,
            submitId: payload.submitId,
            paymentType: isPrepaymentMode(
              { wctPayType: restaurant.wctPayType, restaurantFastHotel: restaurant.fastHotel },
              { reserve: payload.reserve },
            )
              ? 1
              : 0,
            eatType: kind,
            personNum: payload.personNum,
            wholeMemo: payload.wholeMemo.memo,
            invoiceTitle: payload.invoiceTitle,
            reserve: withContact
              ? {
                  name: payload.name ?? "",
                  phone: payload.phone ?? "",
                  sex: payload.sex ?? "",
                  num: payload.num ?? 0,
                  time: payload.time ?? "",
                  memo: payload.memo ?? "",
                  address: payload.address ?? "",
                }
              : null,
            totalPrice: total.toFixed(2),
            vipTotalPrice: cartTotal(priced.map((p) => p.vipTotal)).toFixed(2),
            fastSerialNo,
            faultChannel: payload.faultChannel,
            faultCart: payload.faultCart,
            createdAt: now,
          },
          priced.map(orderLine),
          guid,
        );
        // stock is taken last, so its row locks are held only until the commit just after
        await takeAdditionStock(tx, restaurant.id, additionsNeeded);
        const stock = await takeDishStock(tx, restaurant.id, dishesNeeded);
        return {
          result: { orderId: order.id, mainWxId: order.mainGuid, realTableId: order.tableId },
          cart: cleared,
          stock,
        };
      },
      // a submit waits at most this long for locks; past it the diner is told to retry (1002)
      { statementTimeoutMs: deps.submitTimeoutMs },
    );
    committed = true;
  } catch (error) {
    if (error instanceof StockShortage) {
      const code = error.kind === "dishes" ? SUBMIT_CODES.stockShort : SUBMIT_CODES.additionsShort;
      refuse(code, shortageMessage(error), error.shortages);
    }
    if (isStatementTimeout(error)) refuse(SUBMIT_CODES.timeout, "下单超时，请稍后重试");
    throw error;
  } finally {
    if (!committed) await unlock();
  }
  if ("replay" in outcome) {
    await unlock();
    return { result: outcome.replay, token };
  }
  await announce(deps, cart.id, restaurant.id, guid, outcome);
  return { result: outcome.result, token };
}

/** What a submit's transaction did: placed the order, or found this submitId's order already placed. */
type Placed =
  | { result: SubmitResult; cart: { version: number; personNum: number }; stock: StockLeft[] }
  | { replay: SubmitResult };

function shortageMessage(error: StockShortage): string {
  const [only] = error.shortages;
  if (error.shortages.length === 1 && only) {
    return only.left > 0 ? `${only.name}仅剩${only.left}份` : `${only.name}已售罄`;
  }
  return `${error.shortages.map((s) => s.name).join("、")}库存不足`;
}

/** How long after a tablemate's submit an empty cart means "they just ordered it". */
const JUST_ORDERED_MS = 120_000;

/**
 * An empty cart: this very submit may have placed its order while its twin waited (the same order
 * again), a tablemate may have just ordered it (6666), or there is nothing to order (1007).
 */
async function emptyCartAnswer(
  tx: Run,
  cartId: number,
  submitId: string,
  guid: string,
  now: Date,
): Promise<SubmitResult> {
  const recent = await lastOrderOfCart(tx, cartId);
  if (recent?.submitId === submitId) {
    return { orderId: recent.id, mainWxId: recent.mainGuid, realTableId: recent.tableId };
  }
  if (recent && recent.mainGuid !== guid && now.getTime() - recent.createdAtMs < JUST_ORDERED_MS) {
    refuse(SUBMIT_CODES.companionOrdered, "你的同伴已经下单", {
      orderId: recent.id,
      mainWxId: recent.mainGuid,
    });
  }
  refuse(SUBMIT_CODES.infoMissing, "购物车是空的，请先点菜");
}

/** In prepayment, a tablemate's open order comes first: add to it instead (6666). */
async function refuseCompanionOrder(
  tx: Run,
  payload: OrderPayload,
  guid: string,
  tableId: number,
  wctPayType: number,
  fastHotel: boolean,
): Promise<void> {
  if (
    payload.mainOrderId ||
    !isPrepaymentMode({ wctPayType, restaurantFastHotel: fastHotel }, { reserve: payload.reserve })
  ) {
    return;
  }
  const open = await openOrderOfTable(tx, tableId);
  if (open && open.mainGuid !== guid) {
    refuse(SUBMIT_CODES.companionOrdered, "你的同伴已经下单", { orderId: open.id, mainWxId: open.mainGuid });
  }
}

/** Adding to an earlier order: it must be this table's and still open; a settled table may reorder (6000). */
async function mainOrderOf(tx: Run, payload: OrderPayload, tableId: number) {
  if (!payload.mainOrderId) return null;
  const main = await orderById(tx, payload.mainOrderId);
  if (!main || main.tableId !== tableId) refuse(SUBMIT_CODES.invalid, "订单无效，请重新扫码");
  if (main.status === ORDER_STATUS.settled || main.status === ORDER_STATUS.closed) {
    refuse(SUBMIT_CODES.tableSettled, "该桌已结账，您可以重新点餐", { orderId: main.id });
  }
  if (!OPEN_STATUSES.includes(main.status)) refuse(SUBMIT_CODES.invalid, "订单已取消，请重新扫码");
  return main;
}

function orderLine({ line, dish, total, vipTotal }: PricedOrderLine): OrderLineRow {
  const count = new Big(line.count);
  const additions = dish.additionCategories.flatMap((c) => c.additions);
  return {
    foodId: dish.id,
    name: dish.name,
    unit: dish.unit,
    detailId: line.detailId,
    normName: dish.norms.find((n) => n.id === line.normId)?.name ?? "",
    methodNames: chosenMethods(dish, line.methodIds).map((m) => m.name),
    additions: line.additions.map((a) => ({ ...a, name: additions.find((x) => x.id === a.id)?.name ?? "" })),
    parts: line.parts.map((p) => ({
      ...p,
      name: dish.combosList.find((c) => c.itemId === p.itemId)?.name ?? "",
    })),
    count: line.count,
    unitPrice: count.gt(0) ? total.div(count).toFixed(4) : "0",
    vipUnitPrice: count.gt(0) ? vipTotal.div(count).toFixed(4) : "0",
    total: roundMoney(total).toFixed(4),
    vipTotal: roundMoney(vipTotal).toFixed(4),
    memo: line.memo,
  };
}

/** After the commit: tablemates hear the order and the emptied cart (type 3), the restaurant the new stock. */
async function announce(
  deps: SubmitDeps,
  cartId: number,
  restaurantId: number,
  guid: string,
  placed: { result: SubmitResult; cart: { version: number; personNum: number }; stock: StockLeft[] },
): Promise<void> {
  const { version, personNum } = placed.cart;
  const ordered: TableMessage = {
    type: MSG.order,
    code: 1000,
    socketId: randomUUID(),
    version,
    cart: { cartId, version, personNum, lines: [] },
    actor: { guid, name: "" },
    status: 1,
    userId: guid,
    orderId: placed.result.orderId,
  };
  await deps.backplane.publish(cartTopic(cartId), JSON.stringify(ordered));
  if (placed.stock.length) {
    const stock: StockMessage = {
      type: MSG.stock,
      code: 1000,
      socketId: randomUUID(),
      restaurantId,
      value: placed.stock,
    };
    await deps.backplane.publish(restaurantTopic(restaurantId), JSON.stringify(stock));
  }
}
