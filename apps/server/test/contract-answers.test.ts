import {
  API,
  availableCouponsSchema,
  billViewSchema,
  callWaiterResultSchema,
  cartIdSchema,
  cartJoinResultSchema,
  cartOpResultSchema,
  cartStateSchema,
  categoryListSchema,
  consoleCardTypeListSchema,
  consoleOfferListSchema,
  consoleOrderDetailSchema,
  consoleOrdersSchema,
  consolePaymentListSchema,
  consoleRechargeRuleListSchema,
  consoleTableListSchema,
  couponTemplateListSchema,
  crmTypeAnswerSchema,
  type Dish,
  dishListSchema,
  idOrderSchema,
  MEMBER_API,
  MSG,
  memberDiscountsSchema,
  memoDeletedSchema,
  memoListSchema,
  moneyIssueListSchema,
  ORDER_STATUS,
  orderCancelResultSchema,
  orderDetailSchema,
  orderListSchema,
  payAttemptSchema,
  payStartSchema,
  payViewSchema,
  periodDishListSchema,
  periodSaleResultSchema,
  phoneCodeSentSchema,
  posStatusSchema,
  restaurantDetailSchema,
  type ServerMessage,
  sandboxSwitchesSchema,
  selectDeskSchema,
  sellOutSchema,
  serverMessageSchema,
  setPersonNumResultSchema,
  shortageSchema,
  staffClearResultSchema,
  staffMoveResultSchema,
  staffSettleResultSchema,
  stationDeletedSchema,
  submitResultSchema,
  tableDeletedSchema,
  tableJoinResultSchema,
  tableListSchema,
  tableSeatedSchema,
  userInfoSchema,
} from "@tablemate/core";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { dishes, tables } from "../src/db/schema.js";
import { BACKENDS } from "./support/databases.js";
import { asVisitor, json, socketAt, socketBase, startTestApp, type TestApp } from "./support/harness.js";
import { type DemoRestaurant, Diner, demoRestaurants, menuOf, PLAIN, plainDish } from "./support/ordering.js";
import { staffHeaders } from "./support/staff.js";
import { TableSocket } from "./support/table-socket.js";

/**
 * The server's real answers parse with core's response schemas, and the schemas keep every field the
 * server sends: an answer that gains, loses or changes a field fails here, so the contract the apps
 * are typed from cannot drift from what the server says.
 */
function expectShape(schema: z.ZodType, value: unknown): void {
  const parsed = schema.safeParse(value);
  expect(parsed.error?.issues ?? [], JSON.stringify(value).slice(0, 400)).toEqual([]);
  // schemas strip keys they do not name: an equal result means the server sent no field beyond them
  expect(parsed.data).toEqual(value);
}

/** A successful envelope's data (or, for getUserInfo, its message). */
function dataOf(response: LightMyRequestResponse, code: 1000 | 200 = 1000): unknown {
  const body = json(response);
  expect(body, JSON.stringify(body).slice(0, 400)).toMatchObject({ code, success: true });
  return body.data;
}

describe.each(BACKENDS)("the server's answers match core's response schemas on %s", (backend) => {
  let app: TestApp;
  let dine: DemoRestaurant;
  let takeout: DemoRestaurant;
  let menu: Dish[];
  let base: string;
  let staff: Record<string, string>;
  let tableIds: number[];
  let guids = 0;

  beforeAll(async () => {
    app = await startTestApp(backend, { env: { RATE_LIMIT_PER_MINUTE: "100000" } });
    const find = await demoRestaurants(app);
    dine = find((r) => r.linkMode === "dine" && !r.fastHotel && r.wctPayType === 0);
    takeout = find((r) => r.verifyPhone && r.linkMode === "takeout");
    const added = await app.db
      .insert(tables)
      .values(Array.from({ length: 16 }, (_, i) => ({ restaurantId: dine.id, name: `契约${i + 1}` })))
      .returning({ id: tables.id });
    tableIds = added.map((t) => t.id);
    menu = await menuOf(app, dine.id);
    base = await socketBase(app);
    staff = await staffHeaders(app, dine.id);
  });
  afterAll(() => app.close());

  function dinerAt(restaurant: DemoRestaurant): Diner {
    const tableId = tableIds.shift();
    if (!tableId) throw new Error("out of tables");
    const table = {
      restaurantId: restaurant.id,
      tableId,
      sid: app.signer.tableToken(restaurant.id, tableId),
    };
    return new Diner(app, `contract-${backend}-${String(++guids).padStart(4, "0")}`, table);
  }

  const get = (url: string, guid?: string) =>
    app.server.inject({ method: "GET", url, headers: guid ? asVisitor(guid) : {} });

  it("restaurant: detail, POS status, crm type", async () => {
    expectShape(restaurantDetailSchema, dataOf(await get(`${API.restaurantDetail}?restaurantId=${dine.id}`)));
    expectShape(posStatusSchema, dataOf(await get(`${API.posStatus}?rid=${dine.id}`), 200));
    expectShape(crmTypeAnswerSchema, dataOf(await get(`${API.crmType}?rid=${dine.id}`)));
  });

  it("menu: categories, food list, recommends, sell-out, period dishes, memos, period-sale checks", async () => {
    const rid = dine.id;
    expectShape(categoryListSchema, dataOf(await get(`${API.foodCategory}?restaurantId=${rid}`)));
    const foods = dataOf(await get(`${API.foodList}?restaurantId=${rid}`));
    expectShape(dishListSchema, foods);
    expect((foods as Dish[]).length).toBeGreaterThan(0);
    expectShape(dishListSchema, dataOf(await get(`${API.recommend}?rid=${rid}`), 200));
    expectShape(sellOutSchema, dataOf(await get(`${API.sellOut}/${rid}`), 200));
    expectShape(periodDishListSchema, dataOf(await get(`${API.periodDish}?rid=${rid}`), 200));
    expectShape(memoListSchema, dataOf(await get(`${API.memos}?rid=${rid}`), 200));
    const diner = dinerAt(dine);
    const check = await diner.post(API.localCartPeriodSale, { rid, foodIds: String(plainDish(menu).id) });
    expectShape(periodSaleResultSchema, json(check).data);
  });

  it("the diner's start: user info, tables, join, cart id, cart join, diner count, cart info and operations", async () => {
    const diner = dinerAt(dine);
    const { restaurantId: rid, tableId, sid } = diner.table;
    const user = json(await get(`${API.userInfo}?rid=${rid}&guid=${diner.guid}`, diner.guid));
    expect(user).toMatchObject({ code: 1000, success: true });
    expectShape(userInfoSchema, user.message);
    expectShape(selectDeskSchema, dataOf(await get(`${API.selectDesk}?rid=${rid}`)));
    expectShape(tableListSchema, dataOf(await get(`${API.tables}?rid=${rid}`), 200));
    const joined = await app.server.inject({
      method: "POST",
      url: `${API.tableJoin}?rid=${rid}`,
      headers: asVisitor(diner.guid),
      payload: { accessType: "realTable", guid: diner.guid, restaurantId: rid, tableId, sid },
    });
    expectShape(tableJoinResultSchema, dataOf(joined));
    const cartId = dataOf(
      await get(`${API.cartId}?rid=${rid}&tableId=${tableId}&guid=${diner.guid}&sid=${sid}`, diner.guid),
    );
    expectShape(cartIdSchema, cartId);
    diner.cart = cartId as { value: number; sign: string };
    const cartJoin = await diner.post(API.cartJoin, {
      restaurantId: rid,
      cookieGuid: diner.guid,
      tableId,
      cartId: diner.cart.value,
      cartIdSign: diner.cart.sign,
    });
    expectShape(cartJoinResultSchema, dataOf(cartJoin));
    const count = await diner.post(`${API.setPersonNum}?rid=${rid}`, {
      guid: diner.guid,
      tableId,
      personNum: 2,
    });
    expectShape(setPersonNumResultSchema, dataOf(count, 200));
    expectShape(
      cartOpResultSchema,
      await diner.op({ kind: "add", foodId: plainDish(menu).id, choice: PLAIN }),
    );
    const info = await get(
      `${API.cartInfo}?rid=${rid}&cartId=${diner.cart.value}&cartIdSign=${diner.cart.sign}`,
      diner.guid,
    );
    expectShape(cartStateSchema, dataOf(info));
  });

  it("orders: submit, its refusal for stock, detail, list, cancel, the bell, a phone code", async () => {
    const diner = await dinerAt(dine).sit();
    await diner.add(plainDish(menu).id);
    const submitted = dataOf(await diner.submit());
    expectShape(submitResultSchema, submitted);
    const { orderId } = submitted as { orderId: number };
    const rid = dine.id;
    expectShape(orderDetailSchema, dataOf(await diner.get(`${API.orderDetail}/${orderId}?rid=${rid}`), 200));
    expectShape(orderListSchema, dataOf(await diner.get(`${API.orderList}?rid=${rid}`), 200));
    expectShape(orderCancelResultSchema, dataOf(await diner.post(API.orderCancel(orderId), { rid })));
    const bell = await diner.post(API.callWaiter, { rid, tableNo: diner.table.tableId });
    expectShape(callWaiterResultSchema, dataOf(bell, 200));

    // two in the cart, one left when it is submitted: 2000 with the short dishes
    const scarce = plainDish(menu, 1);
    try {
      const other = await dinerAt(dine).sit();
      await other.add(scarce.id, PLAIN, 2);
      await app.db.update(dishes).set({ estimate: 1 }).where(eq(dishes.id, scarce.id));
      const short = json(await other.submit());
      expect(short.code).toBe(2000);
      expectShape(z.array(shortageSchema), short.data);
    } finally {
      await app.db.update(dishes).set({ estimate: -1 }).where(eq(dishes.id, scarce.id));
    }

    const code = await app.server.inject({
      method: "POST",
      url: API.phoneCode,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ rid: String(takeout.id), phone: "13800138000" }).toString(),
    });
    expectShape(phoneCodeSentSchema, dataOf(code));
  });

  it("staff: the order list, a move, a settle and a clear", async () => {
    const diner = await dinerAt(dine).sit();
    await diner.add(plainDish(menu).id);
    const { orderId } = dataOf(await diner.submit()) as { orderId: number };
    const rid = dine.id;
    const list = await app.server.inject({
      method: "GET",
      url: API.staffOrders(rid),
      headers: staff,
    });
    // the staff list is the floor's orders list: every order with its lines
    expectShape(consoleOrdersSchema, dataOf(list));
    const moved = await app.server.inject({
      method: "POST",
      url: API.staffOrderStatus(rid, orderId),
      headers: staff,
      payload: { status: ORDER_STATUS.accepted },
    });
    expectShape(staffMoveResultSchema, dataOf(moved));
    const settled = await app.server.inject({
      method: "POST",
      url: API.staffSettleTable(rid, diner.table.tableId),
      headers: staff,
      payload: {},
    });
    expectShape(staffSettleResultSchema, dataOf(settled));
    const empty = await dinerAt(dine).sit();
    const cleared = await app.server.inject({
      method: "POST",
      url: API.staffClearTable(rid, empty.table.tableId),
      headers: staff,
      payload: {},
    });
    expectShape(staffClearResultSchema, dataOf(cleared));
  });

  it("the console: the order detail, seat, tables, stations, memos, orders of ids and the member lists", async () => {
    const rid = dine.id;
    const send = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
      app.server.inject({ method, url, headers: staff, ...(payload && { payload }) });
    const diner = await dinerAt(dine).sit();
    await diner.add(plainDish(menu).id);
    const { orderId } = dataOf(await diner.submit()) as { orderId: number };
    expectShape(consoleOrderDetailSchema, dataOf(await send("GET", API.consoleOrder(rid, orderId))));

    const seatAt = tableIds.shift() ?? 0;
    expectShape(
      tableSeatedSchema,
      dataOf(await send("POST", API.consoleTableAction(rid, seatAt, "seat"), {})),
    );
    expectShape(consoleTableListSchema, dataOf(await send("GET", API.consoleTables(rid))));
    const table = dataOf(await send("POST", API.consoleTables(rid), { name: "契约删", tableType: 1 }));
    const tableId = (table as { id: number }).id;
    expectShape(tableDeletedSchema, dataOf(await send("DELETE", API.consoleTable(rid, tableId))));

    const station = dataOf(await send("POST", API.consoleStations(rid), { name: `契约档口${backend}` }));
    expectShape(
      stationDeletedSchema,
      dataOf(await send("DELETE", API.consoleStation(rid, (station as { id: number }).id))),
    );

    const memo = dataOf(await send("POST", API.consoleMemos(rid), { content: "契约备注", number: 1 }));
    expectShape(
      memoDeletedSchema,
      dataOf(await send("DELETE", API.consoleMemo(rid, (memo as { id: number }).id))),
    );
    const firsts = (
      dataOf(await send("GET", API.consoleMenu(rid))) as {
        categories: Array<{ id: number; parentId: number | null }>;
      }
    ).categories
      .filter((c) => c.parentId === null)
      .map((c) => c.id);
    expectShape(
      idOrderSchema,
      dataOf(await send("PUT", API.consoleCategoryOrder(rid), { parentId: null, ids: firsts })),
    );

    expectShape(couponTemplateListSchema, dataOf(await send("GET", API.consoleCouponTemplates(rid))));
    expectShape(consoleRechargeRuleListSchema, dataOf(await send("GET", API.consoleRechargeRules(rid))));
    expectShape(consoleCardTypeListSchema, dataOf(await send("GET", API.consoleCardTypes(rid))));
    expectShape(consoleOfferListSchema, dataOf(await send("GET", API.consoleDiscountOffers(rid))));
  });

  it("payment: prepay, /pay's view, the attempt, the order's pays, the bill, and the console's money", async () => {
    const rid = dine.id;
    const diner = await dinerAt(dine).sit();
    await diner.add(plainDish(menu).id);
    const { orderId } = dataOf(await diner.submit()) as { orderId: number };
    const key = { "idempotency-key": `contract-${backend}-${orderId}` };
    const started = await app.server.inject({
      method: "POST",
      url: API.prepay,
      headers: { ...asVisitor(diner.guid), ...key },
      payload: { rid, orderId, returnPath: "/pay/success" },
    });
    const start = dataOf(started) as { tradeNo: string };
    expectShape(payStartSchema, start);
    expectShape(payViewSchema, dataOf(await get(`${API.payOrder(orderId)}?rid=${rid}`, diner.guid)));
    const member = `?rid=${rid}&orderId=${orderId}`;
    expectShape(memberDiscountsSchema, dataOf(await get(`${MEMBER_API.discounts}${member}`, diner.guid)));
    expectShape(
      availableCouponsSchema,
      dataOf(await get(`${MEMBER_API.availableCoupons}${member}`, diner.guid)),
    );
    expectShape(
      payAttemptSchema,
      dataOf(await get(`${API.payAttempt(start.tradeNo)}?rid=${rid}`, diner.guid)),
    );
    expectShape(
      orderDetailSchema,
      dataOf(await get(`${API.orderDetail}/${orderId}?rid=${rid}`, diner.guid), 200),
    );

    const other = await dinerAt(dine).sit();
    await other.add(plainDish(menu).id);
    dataOf(await other.submit());
    const bill = dataOf(await get(`${API.bill}?rid=${rid}`, other.guid)) as z.infer<typeof billViewSchema>;
    expectShape(billViewSchema, bill);
    const line = bill.lines[0];
    if (!line) throw new Error("no bill line");
    const claimed = await app.server.inject({
      method: "POST",
      url: API.billClaims,
      headers: asVisitor(other.guid),
      payload: { rid, claims: [{ lineId: line.lineId, shares: 2, take: 1 }] },
    });
    expectShape(billViewSchema, dataOf(claimed));
    const billPay = await app.server.inject({
      method: "POST",
      url: API.billPay,
      headers: { ...asVisitor(other.guid), "idempotency-key": `contract-bill-${backend}-${line.lineId}` },
      payload: { rid },
    });
    expectShape(payStartSchema, dataOf(billPay));

    const console = (url: string) => app.server.inject({ method: "GET", url, headers: staff });
    expectShape(
      consolePaymentListSchema,
      dataOf(await console(`${API.consolePayments(rid)}?orderId=${orderId}`)),
    );
    expectShape(
      consolePaymentListSchema,
      dataOf(await console(`${API.consolePayments(rid)}?tableId=${other.table.tableId}`)),
    );
    expectShape(moneyIssueListSchema, dataOf(await console(API.consoleMoneyIssues(rid))));
    expectShape(sandboxSwitchesSchema, dataOf(await console(API.consoleSandbox(rid))));
  });

  it("the table socket: every message a table hears parses as core's server message", async () => {
    const diner = await dinerAt(dine).sit();
    const socket = await TableSocket.open(socketAt(base, diner.table, diner.guid));
    const limited = plainDish(menu, 2);
    await app.db.update(dishes).set({ estimate: 9 }).where(eq(dishes.id, limited.id));
    try {
      const add = await socket.op({ kind: "add", foodId: limited.id, choice: PLAIN });
      const detailId = socket.cart?.lines[0]?.detailId ?? "";
      await socket.op({ kind: "set", detailId, count: "2" });
      await socket.op({ kind: "note", detailId, memo: "少辣" });
      await socket.op({ kind: "personNum", personNum: 3 });
      await socket.op({ kind: "clear" });
      await socket.op({ kind: "add", foodId: limited.id, choice: PLAIN });
      socket.socket.send(JSON.stringify({ type: "sync" }));
      await socket.until((m) => m.type === MSG.cart && !m.clearCart);
      expect(add.ok).toBe(true);
      const { orderId } = dataOf(await diner.submit()) as { orderId: number };
      await socket.until((m) => m.type === MSG.order);
      await app.server.inject({
        method: "POST",
        url: API.staffOrderStatus(dine.id, orderId),
        headers: staff,
        payload: { status: ORDER_STATUS.cancelled },
      });
      await socket.until((m) => m.type === MSG.orderStatus);
      await socket.until((m) => m.type === MSG.stock);
    } finally {
      socket.close();
      await app.db.update(dishes).set({ estimate: -1 }).where(eq(dishes.id, limited.id));
    }
    const seen = new Set(socket.messages.map((m: ServerMessage) => m.type));
    expect([...seen].sort()).toEqual(
      [
        "hello",
        "result",
        MSG.dish,
        MSG.order,
        MSG.note,
        MSG.orderStatus,
        MSG.cart,
        MSG.stock,
        MSG.people,
      ].sort(),
    );
    for (const message of socket.messages) expectShape(serverMessageSchema, message);
  });
});
