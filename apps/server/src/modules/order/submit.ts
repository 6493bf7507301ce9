import {
  AppError,
  type BookingProblem,
  type BookingRule,
  belowMinimumMessage,
  bookingRuleFor,
  businessHoursText,
  type CartLine,
  type ContactField,
  canAddToOrder,
  cartTotal,
  checkBookedTime,
  checkOrderLines,
  chosenMethods,
  contactProblems,
  type Dish,
  deliveryShort,
  detailId,
  formatDate,
  type GateRules,
  gateOrder,
  gateRulesSchema,
  hasSoldOutPart,
  isPrepaymentMode,
  isSettled,
  localClock,
  NO_GATE,
  type OrderPayload,
  orderDeliveryFeeCents,
  priceLine,
  roundMoney,
  type Shortage,
  type SubmitResult,
  stockUnits,
  stripEmoji,
  takesAddedDishes,
  takesOrderNow,
  unofferedPacking,
  zonedDateTime,
} from "@tablemate/core";
import Big from "big.js";
import type { Db } from "../../db/client.js";
import { isPgError, PG_ERROR } from "../../db/statements.js";
import type { BaseDeps } from "../../deps.js";
import { cartTopic, restaurantTopic } from "../../realtime/hub.js";
import { orderMessage, stockMessage } from "../../realtime/messages.js";
import { publishStaff } from "../../realtime/staff-topics.js";
import type { Signer } from "../../security/signer.js";
import { tellKitchen } from "../allergens/kitchen.js";
import { presentForRules, presentLine, refuseUnofferedCombos } from "../cart/cart-state.js";
import { queueForKitchen } from "../kitchen/queue.js";
import { statusOf } from "../member/status.js";
import type { PhoneCodes } from "../verification/phone-codes.js";
import { orderDinerCount } from "./diner-count.js";
import {
  isTableOf,
  lastOrderOfCart,
  type OrderLineRow,
  type OrderRow,
  openOrderOfVisit,
  orderById,
  readSubmit,
  type SubmitRestaurant,
  type WriteOutcome,
  writeOrder,
} from "./submit-statements.js";

export interface SubmitDeps extends BaseDeps {
  signer: Signer;
  phoneCodes: PhoneCodes;
}

/** How often a submit reads again after its cart changed between its read and its write. */
const ATTEMPTS = 5;

/** The lines to order: the shared cart's, or (the socket was down) the client's local cart. */
function localLines(payload: OrderPayload): CartLine[] {
  return payload.foods.map((food) => ({
    ...food,
    detailId: detailId(food.foodId, food),
    // as the cart's note operation saves a note
    memo: stripEmoji(food.memo).trim(),
  }));
}

/**
 * A local cart meets the live cart's rules (core's checkOrderLines), checked against the dishes as
 * the database has them now: one line that breaks a rule refuses the whole order and nothing is
 * repaired (a count that changes the price is never rounded): 2000 for stock, else 1008 naming the dish.
 */
function refuseBrokenLocalCart(lines: CartLine[], menu: Dish[]): void {
  const checked = checkOrderLines(lines, (id) => menu.find((d) => d.id === id));
  if (checked.ok) return;
  if (checked.reason === "stock") {
    const dish = menu.find((d) => d.id === checked.foodId);
    const shortage: Shortage = {
      foodId: checked.foodId,
      name: dish?.name ?? "",
      left: Math.max(dish?.estimate ?? 0, 0),
      isCombo: (dish?.foodproperty ?? 0) !== 0,
    };
    throw new AppError("stockShort", checked.message, [shortage]);
  }
  throw new AppError("orderInvalid", checked.message);
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
    if (!dish) throw new AppError("dishOffMenu");
    return {
      line,
      dish,
      total: priceLine(dish, line, line.count, false).total,
      vipTotal: priceLine(dish, line, line.count, true).total,
    };
  });
}

/** A placed (or replayed) order, and the diner's visitor token the answer carries. */
export interface Submitted {
  result: SubmitResult;
  token: string;
}

/**
 * Submits a table's order: re-prices every line from the database with core's pricing (the client's
 * prices are never read), then writes the order, takes stock atomically and clears the cart in one
 * statement that writes only if the cart is still as it was read. When a tablemate changed the cart
 * meanwhile, it reads and decides again; when another submit emptied it, this one learns who did
 * (1009, 11009010). Tablemates hear type 3, and every diner of the restaurant the new stock (type 20),
 * only after the commit.
 */
export async function submitOrder(deps: SubmitDeps, payload: OrderPayload, guid: string): Promise<Submitted> {
  // the payload names its submitter twice; both must be the credential's visitor
  if (payload.userId !== guid || payload.wholeMemo.guid !== guid) throw new AppError("orderInvalid");
  // a submitId answers with its order only to the visitor and cart that made it: from anyone else
  // (another table replaying it, a tablemate) it is an ordinary new submit
  const submitKey = `${payload.cartId}/${guid}/${payload.submitId}`;
  const local = payload.faultCart ? localLines(payload) : null;
  const now = deps.now();
  let codeAccepted = false;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const found = await readSubmit(deps.db, {
      restaurantId: payload.restaurantId,
      cartId: payload.cartId,
      submitId: submitKey,
      guid,
      localFoodIds: local?.map((l) => l.foodId),
      now: now.toISOString(),
    });
    if (!found) throw new AppError("restaurantNotFound");
    const { cart, existing, lines: stored, dishRows, snoozedAdditions, member, ...restaurant } = found;
    const token = deps.signer.visitorCredential(guid);
    checkRestaurant(deps, restaurant, payload, now);
    if (existing) {
      return {
        result: { orderId: existing.id, mainWxId: existing.mainGuid, realTableId: existing.tableId },
        token,
      };
    }
    if (!cart || cart.restaurantId !== restaurant.id || !cart.seated) throw new AppError("orderInvalid");
    // the party's visit ended (settled, or cleared) while this diner still held its cart
    if (!cart.visitOpen) {
      const settled = payload.mainOrderId ? { orderId: payload.mainOrderId } : null;
      throw new AppError("tableSettled", undefined, settled);
    }
    const tableId =
      cart.tableId === payload.realTableId
        ? cart.tableId
        : await pickedTable(deps.db, restaurant, payload.realTableId);
    const kind = eatType(payload, restaurant.fastHotel);
    // a reservation and a takeout need who and where; a quick-service pick-up (mode 1) only its time
    const withContact = kind === "reserve" || kind === "takeout";
    const withTime = withContact || payload.foodTakingMode === 1;
    const prepayment = isPrepaymentMode(
      { wctPayType: restaurant.wctPayType, restaurantFastHotel: restaurant.fastHotel },
      { reserve: payload.reserve },
    );
    const [lacking] = withContact ? contactProblems(payload, kind === "takeout") : [];
    if (lacking) throw new AppError("contactMissing", CONTACT_REFUSALS[lacking]);
    if (withTime) refuseBookedTime(restaurant, payload.time ?? "", bookingRuleFor(kind === "reserve"), now);
    const personNum = await orderDinerCount(deps.db, payload, restaurant, cart.tableId);
    if (!codeAccepted && !(await deps.phoneCodes.acceptsOrder(restaurant, payload)))
      throw new AppError("wrongCode");
    codeAccepted = true;

    const lines = local ?? stored.map(presentLine);
    if (prepayment && !payload.mainOrderId) await refuseCompanionOrder(deps.db, guid, cart.visitId);
    // the first read found lines that another submit has since ordered: say who is ordering
    const raced = attempt > 0;
    if (lines.length === 0) refuseEmptyCart(await lastOrderOfCart(deps.db, cart.id), guid, now, raced);
    const mainOrder = await mainOrderOf(deps.db, payload, tableId, cart.visitId);
    if (mainOrder && !takesAddedDishes(restaurant, mainOrder)) throw new AppError("addAfterPrepayNotOffered");
    refuseUnofferedPacking(restaurant, payload.wholeMemo.memo, lines);

    // a dish the console hid is off the menu: a cart that still holds it cannot order it
    const hidden = dishRows.filter((row) => row.hidden).map((row) => row.name);
    if (hidden.length) throw new AppError("dishOutOfPeriod", `${hidden.join("、")}已下架`);
    const menu = presentForRules(dishRows, restaurant, now);
    // the menu holds the dishes of the lines to order
    refuseUnofferedCombos(menu, restaurant);
    if (local) refuseBrokenLocalCart(local, menu);
    const priced = priceLines(lines, menu);
    refuseUnavailable(priced, menu, dishRows, snoozedAdditions);
    const expired = priced.filter((p) => p.dish.availableStatus !== 1).map((p) => p.dish.name);
    if (expired.length) throw new AppError("dishOutOfPeriod", `${expired.join("、")}已进入不可售时段`);
    const total = cartTotal(priced.map((p) => p.total));
    // the minimum is judged on the goods, before the fee (core's delivery.ts); a takeout alone pays the fee
    if (kind === "takeout") refuseBelowMinimum(total, restaurant.startPrice);
    const deliveryFeeCents = orderDeliveryFeeCents(
      { eatType: kind, addingToOrder: mainOrder !== null },
      { feeCents: restaurant.deliveryFeeCents },
    );
    // the gate before the kitchen (core's gateOrder): prepaid orders always go straight through
    const gateReasons = gateOrder(storedGateRules(restaurant.gateRules), {
      prepaid: prepayment,
      staffSeated: cart.staffSeated,
      total: total.toFixed(2),
      visitorCancelledToday: cart.cancelledToday,
    });
    // the member status the order is placed with: /pay charges it at these prices (member/status.ts)
    const status = statusOf(member, restaurant, now);
    // who put each line in the cart, for the floor (a local cart's lines are the submitter's)
    const authors = local ? null : new Map(stored.map((l) => [l.detailId, l.updatedBy]));
    let written: WriteOutcome;
    try {
      written = await writeOrder(deps.db, {
        order: {
          restaurantId: restaurant.id,
          tableId,
          cartId: cart.id,
          mainGuid: mainOrder?.mainGuid ?? guid,
          mainOrderId: mainOrder?.id ?? null,
          submitId: submitKey,
          paymentType: prepayment ? 1 : 0,
          eatType: kind,
          personNum,
          wholeMemo: payload.wholeMemo.memo,
          invoiceTitle: payload.invoiceTitle,
          reserve: withTime ? contactOf(payload) : null,
          totalPrice: total.toFixed(2),
          vipTotalPrice: cartTotal(priced.map((p) => p.vipTotal)).toFixed(2),
          faultChannel: payload.faultChannel,
          faultCart: payload.faultCart,
          held: gateReasons.length > 0,
          gateReasons,
          createdAt: now,
          memberCardId: status?.card.cardId ?? null,
          memberPrices: status?.benefits.vipPrice ?? false,
          memberDayPercent: status?.benefits.memberDayPercent ?? null,
          deliveryFeeCents,
          deliveryMinutes: kind === "takeout" ? restaurant.deliveryMinutes : null,
        },
        lines: priced.map((p) => orderLine(p, authors?.get(p.line.detailId) || guid)),
        guid,
        readVersion: cart.version,
        needs: stockUnits(lines),
        // quick-service pick-up numbers restart every day per restaurant, by its own calendar
        fast: restaurant.fastHotel ? { day: formatDate(now, restaurant.timezone) } : null,
      });
    } catch (error) {
      // a lock held past the pool's lock_timeout: the diner is told to retry (1002)
      if (isPgError(error, PG_ERROR.lockNotAvailable)) throw new AppError("submitTimeout");
      throw error;
    }
    if (written.placed) {
      // before the kitchen's tickets are made, so every station's carries the table's allergies
      await tellKitchen(deps.db, cart.visitId, payload.kitchenAllergens);
      await announce(deps, cart.id, restaurant.id, guid, written, {
        mainOrderId: mainOrder?.id ?? null,
        held: gateReasons.length > 0,
        total: total.toFixed(2),
        at: now.toISOString(),
      });
      // the kitchen's tickets, beside the submits (never inside place_orders, never before the answer);
      // an order the gate holds goes to the kitchen when a waiter accepts it (floor/actions.ts)
      if (gateReasons.length === 0) queueForKitchen(deps, written.order.id);
      return {
        result: {
          orderId: written.order.id,
          mainWxId: written.order.mainGuid,
          realTableId: written.order.tableId,
        },
        token,
      };
    }
    if (written.short) refuseShortage(written, priced);
  }
  throw new AppError("othersOrdering");
}

/** A takeout's goods below the restaurant's minimum: refused, saying how much is missing (nothing is written). */
function refuseBelowMinimum(goods: Big, minimum: string): void {
  const short = deliveryShort(goods, minimum);
  if (short.gt(0)) throw new AppError("belowStartPrice", belowMinimumMessage(short, minimum));
}

/**
 * The table a quick-service diner picked instead of the one scanned (spec 000 §4): it must be one of
 * the restaurant's. Looked up only when the order names another table than its cart's; a dine-in
 * order always goes on its cart's table.
 */
async function pickedTable(db: Db, restaurant: SubmitRestaurant, realTableId: number): Promise<number> {
  if (!restaurant.fastHotel || !(await isTableOf(db, restaurant.id, realTableId))) {
    throw new AppError("orderInvalid");
  }
  return realTableId;
}

/** The supply form's contact, kept with a takeout, reservation or mode-1 quick-service order. */
const contactOf = (payload: OrderPayload): NonNullable<OrderRow["reserve"]> => ({
  name: payload.name ?? "",
  phone: payload.phone ?? "",
  sex: payload.sex ?? "",
  num: payload.num ?? 0,
  time: payload.time ?? "",
  memo: payload.memo ?? "",
  address: payload.address ?? "",
});

/**
 * The restaurant takes orders now (a reservation: unless locked, its booked time is checked instead),
 * its register is online, and the cart id is one this server signed.
 */
function checkRestaurant(deps: SubmitDeps, restaurant: SubmitRestaurant, payload: OrderPayload, now: Date) {
  const clock = localClock(now, restaurant.timezone);
  if (!takesOrderNow(restaurant, clock, Boolean(payload.reserve))) throw new AppError("shopClosed");
  if (!restaurant.posOnline) throw new AppError("posOffline");
  if (!deps.signer.verifyCartSign(payload.cartId, payload.cartIdSign)) throw new AppError("orderInvalid");
}

/** The refusal of each problem of a booked time; the format was the contract's (zod) already. */
const BOOKING_REFUSALS = {
  missing: "bookingTimeMissing",
  invalid: "orderInfoMissing",
  past: "bookingTimePast",
  tooFar: "bookingTimeTooFar",
  closed: "bookingTimeClosed",
} as const satisfies Record<BookingProblem, string>;

/** A supply form's time, booked in the restaurant's zone: its business hours at that time, not now. */
function refuseBookedTime(restaurant: SubmitRestaurant, time: string, rule: BookingRule, now: Date): void {
  const problem = checkBookedTime(restaurant, zonedDateTime(now, restaurant.timezone), time, rule);
  if (!problem) return;
  const key = BOOKING_REFUSALS[problem];
  if (problem === "closed") {
    throw new AppError(key, `所选时间不在营业时间（${businessHoursText(restaurant)}）内，请重新选择`);
  }
  if (problem === "tooFar") {
    const within = rule.days === 1 ? "今天" : `${rule.days}天内`;
    throw new AppError(key, `只能选择${within}的时间，请重新选择`);
  }
  throw new AppError(key);
}

/**
 * What the stock rows cannot refuse, since the count stays stored while a snooze runs: a snoozed
 * addition (3000), a snoozed dish, a combo whose parts cannot make it, or a chosen part that is sold
 * out or snoozed (2000, naming the combo). The menu's estimates are core's menuEstimates (the parts'
 * rows were read with the lines'). A snooze set while this submit is between its read and its write
 * does not refuse it: the order counts as placed before the snooze.
 */
function refuseUnavailable(
  priced: PricedOrderLine[],
  menu: Dish[],
  rows: ReadonlyArray<{ id: number; estimate: number }>,
  snoozedAdditions: number[],
): void {
  const snoozed = new Set(snoozedAdditions);
  const additions = priced.flatMap((p) => p.line.additions.filter((a) => snoozed.has(a.id)));
  if (additions.length) {
    const named = priced.flatMap((p) => p.dish.additionCategories.flatMap((c) => c.additions));
    const shortages = [...new Set(additions.map((a) => a.id))].map((id) => ({
      foodId: id,
      name: named.find((x) => x.id === id)?.name ?? "",
      left: 0,
      isCombo: false,
    }));
    throw new AppError("additionsShort", shortageMessage(shortages), shortages);
  }
  const dishOf = (id: number) => menu.find((d) => d.id === id);
  // a stored 0 is place_orders' to refuse (with the additions' shortage first, as always)
  const stored = new Map(rows.map((row) => [row.id, row.estimate]));
  const out = priced.filter(
    (p) => (p.dish.estimate === 0 && stored.get(p.dish.id) !== 0) || hasSoldOutPart(p.line, dishOf),
  );
  if (!out.length) return;
  const shortages = [...new Map(out.map((p) => [p.dish.id, p.dish])).values()].map((dish) => ({
    foodId: dish.id,
    name: dish.name,
    left: 0,
    isCombo: dish.foodproperty !== 0,
  }));
  throw new AppError("stockShort", shortageMessage(shortages), shortages);
}

/** 3000 when an addition is short (they are taken first), else 2000 with the short dishes. */
function refuseShortage(short: Extract<WriteOutcome, { short: true }>, priced: PricedOrderLine[]): never {
  if (short.additions.length) {
    const additions = priced.flatMap((p) => p.dish.additionCategories.flatMap((c) => c.additions));
    const shortages = short.additions.map((a) => ({
      foodId: a.id,
      name: additions.find((x) => x.id === a.id)?.name ?? "",
      left: a.left,
      isCombo: false,
    }));
    throw new AppError("additionsShort", shortageMessage(shortages), shortages);
  }
  const shortages = short.dishes.map((d) => ({
    foodId: d.id,
    name: d.name,
    left: Math.max(d.left, 0),
    isCombo: d.foodproperty !== 0,
  }));
  throw new AppError("stockShort", shortageMessage(shortages), shortages);
}

function shortageMessage(shortages: Shortage[]): string {
  const [only] = shortages;
  if (shortages.length === 1 && only) {
    return only.left > 0 ? `${only.name}仅剩${only.left}份` : `${only.name}已售罄`;
  }
  return `${shortages.map((s) => s.name).join("、")}库存不足`;
}

/** How long after a tablemate's submit an empty cart means "they just ordered it". */
const JUST_ORDERED_MS = 120_000;

/**
 * An empty cart. When it had lines at this submit's first read, another submit ordered them meanwhile:
 * the same diner's (11009010) or a tablemate's (1009). Else a tablemate may have just ordered it (6666),
 * or there is nothing to order (1007). (This very submit's earlier order is found by its submit key.)
 */
function refuseEmptyCart(
  recent: Awaited<ReturnType<typeof lastOrderOfCart>>,
  guid: string,
  now: Date,
  raced: boolean,
): never {
  if (raced && recent) {
    if (recent.mainGuid === guid) throw new AppError("submitting");
    throw new AppError("othersOrdering");
  }
  if (recent && recent.mainGuid !== guid && now.getTime() - recent.createdAtMs < JUST_ORDERED_MS) {
    throw new AppError("companionOrdered", undefined, {
      orderId: recent.id,
      mainWxId: recent.mainGuid,
    });
  }
  throw new AppError("emptyCart");
}

/** In prepayment, a tablemate's open order comes first: add to it instead (6666). */
async function refuseCompanionOrder(db: Db, guid: string, visitId: number): Promise<void> {
  const open = await openOrderOfVisit(db, visitId);
  if (open && open.mainGuid !== guid) {
    throw new AppError("companionOrdered", undefined, { orderId: open.id, mainWxId: open.mainGuid });
  }
}

/** Adding to an earlier order: it must be this table's and still open; a settled table may reorder (6000). */
async function mainOrderOf(db: Db, payload: OrderPayload, tableId: number, visitId: number) {
  if (!payload.mainOrderId) return null;
  const main = await orderById(db, payload.mainOrderId);
  // an order of this table's current party only: not another table's, nor an earlier party's
  if (!main || main.tableId !== tableId || main.visitId !== visitId) throw new AppError("orderInvalid");
  if (isSettled(main.status)) {
    throw new AppError("tableSettled", undefined, { orderId: main.id });
  }
  if (!canAddToOrder(main.status)) throw new AppError("orderInvalid", "订单已取消，请重新扫码");
  // the order's main user (wxId) is who adds to it (000 §6): an 加菜 naming anyone else is refused
  if (payload.mainWxId !== undefined && payload.mainWxId !== main.mainGuid) throw new AppError("notMainUser");
  return main;
}

/** 打包 the register cannot take (docs/decisions.md: inside-out 2.23.06, all inside-out 2.27.00). */
function refuseUnofferedPacking(
  restaurant: { serverVersion: string },
  wholeMemo: string,
  lines: readonly { memo: string }[],
): void {
  const unoffered = unofferedPacking(restaurant, { wholeMemo, lineMemos: lines.map((line) => line.memo) });
  if (unoffered) throw new AppError("packingNotOffered", PACKING_REFUSALS[unoffered]);
}

const PACKING_REFUSALS = { line: "本店暂不支持单品打包", order: "本店暂不支持整单打包" } as const;

function orderLine({ line, dish, total, vipTotal }: PricedOrderLine, addedBy: string): OrderLineRow {
  const count = new Big(line.count);
  const additions = dish.additionCategories.flatMap((c) => c.additions);
  return {
    foodId: dish.id,
    name: dish.name,
    unit: dish.unit,
    detailId: line.detailId,
    normName: dish.norms.find((n) => n.id === line.normId)?.name ?? "",
    methodNames: chosenMethods(dish, line.methodIds).map((m) => m.name),
    additions: line.additions.map((a) => ({
      id: a.id,
      count: a.count,
      name: additions.find((x) => x.id === a.id)?.name ?? "",
    })),
    parts: line.parts.map((p) => ({
      itemId: p.itemId,
      count: p.count,
      name: dish.combosList.find((c) => c.itemId === p.itemId)?.name ?? "",
    })),
    count: line.count,
    unitPrice: count.gt(0) ? total.div(count).toFixed(4) : "0",
    vipUnitPrice: count.gt(0) ? vipTotal.div(count).toFixed(4) : "0",
    total: roundMoney(total).toFixed(4),
    vipTotal: roundMoney(vipTotal).toFixed(4),
    memo: line.memo,
    addedBy,
  };
}

/** The restaurant's stored gate rules; none when they are empty (the usual case, read without parsing). */
function storedGateRules(stored: unknown): GateRules {
  if (stored === null || typeof stored !== "object" || Object.keys(stored).length === 0) return NO_GATE;
  const parsed = gateRulesSchema.safeParse(stored);
  return parsed.success ? parsed.data : NO_GATE;
}

/** After the commit: tablemates hear the order and the emptied cart (type 3), the restaurant the new stock. */
async function announce(
  deps: SubmitDeps,
  cartId: number,
  restaurantId: number,
  guid: string,
  placed: Extract<WriteOutcome, { placed: true }>,
  floor: { mainOrderId: number | null; held: boolean; total: string; at: string },
): Promise<void> {
  const { version, personNum } = placed.cart;
  const ordered = orderMessage({ cartId, version, personNum, lines: [] }, guid, placed.order.id);
  await deps.backplane.publish(cartTopic(cartId), JSON.stringify(ordered));
  // the staff's floor: one publish per order, from what the submit already holds (no database read)
  await publishStaff(deps.backplane, restaurantId, "floor", {
    type: "orderPlaced",
    orderId: placed.order.id,
    tableId: placed.order.tableId,
    mainOrderId: floor.mainOrderId,
    held: floor.held,
    total: floor.total,
    at: floor.at,
  });
  if (placed.stock.length) {
    const stock = stockMessage(restaurantId, placed.stock);
    await deps.backplane.publish(restaurantTopic(restaurantId), JSON.stringify(stock));
  }
}
