import { API } from "@tablemate/core";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tables, tableUsers, visitors } from "../src/db/schema.js";
import { BACKENDS } from "./support/databases.js";
import {
  asVisitor,
  type DemoTable,
  demoTable,
  form,
  json,
  startTestApp,
  type TestApp,
  visitorToken,
} from "./support/harness.js";

const GUID = "guest-0000-1111";

describe.each(BACKENDS)("startup calls on %s", (backend) => {
  let app: TestApp;
  let dine: DemoTable;
  let other: DemoTable;

  beforeAll(async () => {
    app = await startTestApp(backend);
    dine = await demoTable(app, (r) => !r.fastHotel && r.linkMode === "dine");
    other = await demoTable(app, (r) => r.id !== dine.restaurantId);
  });
  afterAll(() => app.close());

  const get = (url: string, guid?: string) =>
    app.server.inject({ method: "GET", url, headers: guid ? asVisitor(guid) : {} });
  const joinBody = (t: DemoTable, guid = GUID) => ({
    accessType: "realTable",
    guid,
    restaurantId: t.restaurantId,
    tableId: t.tableId,
    sid: t.sid,
  });
  const seatedCount = async (tableId: number) =>
    (await app.db.select({ n: count() }).from(tableUsers).where(eq(tableUsers.tableId, tableId)))[0]?.n;

  describe("GET /user/getUserInfo", () => {
    it("answers status 1000 with the user in message and a token that stays the same", async () => {
      const first = json(await get(`${API.userInfo}?guid=${GUID}&rid=${dine.restaurantId}`, GUID));
      expect(first).toMatchObject({ status: 1000, code: 1000, success: true, message: { guid: GUID } });
      const token = (first.message as { token: string }).token;
      expect(token).toBe(visitorToken(GUID));
      const again = json(await get(`${API.userInfo}?guid=${GUID}&rid=${dine.restaurantId}`, GUID));
      expect((again.message as { token: string }).token).toBe(token);
    });

    it.each([
      ["a malformed guid", "guid=<script>&rid=1", 400],
      ["a missing rid", `guid=${GUID}`, 400],
      ["an unknown restaurant", `guid=${GUID}&rid=999999`, 404],
    ])("refuses %s and creates no visitor", async (_case, query, status) => {
      const before = (await app.db.select({ n: count() }).from(visitors))[0]?.n;
      const response = await get(`${API.userInfo}?${query}`);
      expect(response.statusCode).toBe(status);
      expect(json(response)).toMatchObject({ success: false, data: null });
      expect((await app.db.select({ n: count() }).from(visitors))[0]?.n).toBe(before);
    });
  });

  describe("GET /restaurant/detail", () => {
    it("answers code 1000 with every field the app reads", async () => {
      const body = json(await get(`${API.restaurantDetail}?restaurantId=${dine.restaurantId}`));
      expect(body).toMatchObject({ code: 1000, success: true, message: "success" });
      const fields = [
        "restaurantName",
        "wctPayType",
        "restaurantFastHotel",
        "openRecharge",
        "serverVersion",
        "iconUrl",
        "foodTakingMode",
        "wctPayOnly",
        "fastFoodNeedPersonNum",
        "startPrice",
        "hotelLock",
        "hideTotalPrice",
        "wctCallService",
        "address",
        "phone",
        "businessTime",
        "tags",
        "environment",
        "hotelLabel",
        "description",
        "latitude",
        "longitude",
      ];
      for (const field of fields) expect(body.data).toHaveProperty(field);
    });

    it("answers 404 with code 1011 for an unknown restaurant and 400 for a malformed id", async () => {
      const unknown = await get(`${API.restaurantDetail}?restaurantId=424242`);
      expect(unknown.statusCode).toBe(404);
      expect(json(unknown)).toMatchObject({ code: 1011, success: false, message: "餐厅不存在" });
      const malformed = await get(`${API.restaurantDetail}?restaurantId=12abc`);
      expect(malformed.statusCode).toBe(400);
      expect(json(malformed).message).toContain("restaurantId");
    });
  });

  describe("table lists", () => {
    it("GET /table/selectDesk gives data.tableList sorted by id, with count", async () => {
      const body = json(await get(`${API.selectDesk}?rid=${dine.restaurantId}`));
      const { tableList, count: n } = body.data as {
        tableList: Array<{ id: number; name: string }>;
        count: number;
      };
      expect(tableList.length).toBeGreaterThan(0);
      expect(n).toBe(tableList.length);
      expect(tableList.map((t) => t.id)).toEqual([...tableList.map((t) => t.id)].sort((a, b) => a - b));
      expect(tableList[0]).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        tableType: expect.any(Number),
      });
    });

    it("GET /cloud/api/v1/tables answers count and data, by rid or hotelid", async () => {
      for (const query of [`rid=${dine.restaurantId}`, `hotelid=${dine.restaurantId}`]) {
        const body = json(await get(`${API.tables}?${query}`));
        expect(body.code).toBe(200);
        expect(body.count).toBe((body.data as unknown[]).length);
      }
      expect((await get(`${API.tables}?rid=0`)).statusCode).toBe(400);
      expect((await get(`${API.selectDesk}?rid=777777`)).statusCode).toBe(404);
    });
  });

  describe("POST /table/join", () => {
    it("seats the visitor once, by form or JSON, and tells the table", async () => {
      const byForm = await app.server.inject({
        method: "POST",
        url: `${API.tableJoin}?rid=${dine.restaurantId}`,
        ...form(joinBody(dine), GUID),
      });
      expect(byForm.statusCode).toBe(200);
      expect(json(byForm)).toMatchObject({
        code: 1000,
        data: { tableId: dine.tableId, accessType: "realTable", users: [{ userId: GUID }] },
      });
      const byJson = await app.server.inject({
        method: "POST",
        url: `${API.tableJoin}?rid=${dine.restaurantId}`,
        headers: asVisitor(GUID),
        payload: joinBody(dine),
      });
      expect(byJson.statusCode).toBe(200);
      expect(await seatedCount(dine.tableId)).toBe(1);
    });

    const changes: Record<string, (body: Record<string, unknown>) => Record<string, unknown>> = {
      "a forged table token": (b) => ({ ...b, sid: "forged-token-000000000" }),
      "a missing table token": ({ sid: _sid, ...b }) => b,
      "a table of another restaurant": (b) => ({ ...b, tableId: other.tableId, sid: other.sid }),
      "a restaurant that does not match rid": (b) => ({ ...b, restaurantId: other.restaurantId }),
    };
    it.each([
      ["a forged table token", 403, 1008],
      ["a missing table token", 400, 400],
      ["a table of another restaurant", 404, 404],
      ["a restaurant that does not match rid", 400, 400],
    ])("refuses %s and seats nobody", async (change, status, code) => {
      const body = changes[change]?.(joinBody(dine, "intruder-0000-9999"));
      const before = await seatedCount(dine.tableId);
      const response = await app.server.inject({
        method: "POST",
        url: `${API.tableJoin}?rid=${dine.restaurantId}`,
        headers: asVisitor("intruder-0000-9999"),
        payload: body,
      });
      expect(response.statusCode).toBe(status);
      expect(json(response)).toMatchObject({ code, success: false });
      expect(await seatedCount(dine.tableId)).toBe(before);
      expect(await seatedCount(other.tableId)).toBe(0);
    });
  });

  describe("POST /co-channel/table/setPersonNum", () => {
    it("lets a seated diner set the count (status 0) and nobody else", async () => {
      const url = `${API.setPersonNum}?rid=${dine.restaurantId}`;
      const ok = await app.server.inject({
        method: "POST",
        url,
        ...form({ guid: GUID, tableId: dine.tableId, personNum: 4, rid: dine.restaurantId }, GUID),
      });
      expect(json(ok)).toMatchObject({ status: 0, success: true, data: { personNum: 4 } });
      const stranger = await app.server.inject({
        method: "POST",
        url,
        ...form(
          { guid: "stranger-1234-5678", tableId: dine.tableId, personNum: 9, rid: dine.restaurantId },
          "stranger-1234-5678",
        ),
      });
      expect(stranger.statusCode).toBe(403);
      const zero = await app.server.inject({
        method: "POST",
        url,
        ...form({ guid: GUID, tableId: dine.tableId, personNum: 0, rid: dine.restaurantId }, GUID),
      });
      expect(zero.statusCode).toBe(400);
      const [row] = await app.db.select().from(tables).where(eq(tables.id, dine.tableId));
      expect(row?.personNum).toBe(4);
    });
  });

  describe("cart id and POST /cloud/api/v1/cart/join", () => {
    const cartIdOf = async (t: DemoTable, guid: string) =>
      json(
        await get(`${API.cartId}?rid=${t.restaurantId}&tableId=${t.tableId}&guid=${guid}&sid=${t.sid}`, guid),
      ).data as { value: number; sign: string };

    it("gives tablemates one shared cart, and joining it answers data.virTableId", async () => {
      const a = await cartIdOf(dine, GUID);
      const b = await cartIdOf(dine, "tablemate-2222-3333");
      expect(b).toEqual(a);
      const joined = await app.server.inject({
        method: "POST",
        url: API.cartJoin,
        ...form(
          {
            restaurantId: dine.restaurantId,
            cookieGuid: GUID,
            tableId: dine.tableId,
            nickName: "小王",
            headIcon: "",
            fastFood: false,
            cartId: a.value,
            cartIdSign: a.sign,
          },
          GUID,
        ),
      });
      expect(json(joined)).toMatchObject({ code: 1000, data: { virTableId: a.value, cartId: a.value } });
    });

    it("gives each quick-service visitor a cart of their own", async () => {
      const fast = await demoTable(app, (r) => r.fastHotel);
      const a = await cartIdOf(fast, "fast-aaaa-0001");
      const b = await cartIdOf(fast, "fast-bbbb-0002");
      expect(a.value).not.toBe(b.value);
    });

    it("refuses a forged cart sign or table token", async () => {
      const a = await cartIdOf(dine, GUID);
      const forged = await app.server.inject({
        method: "POST",
        url: API.cartJoin,
        headers: asVisitor(GUID),
        payload: {
          restaurantId: dine.restaurantId,
          cookieGuid: GUID,
          tableId: dine.tableId,
          cartId: a.value + 1,
          cartIdSign: a.sign,
        },
      });
      expect(forged.statusCode).toBe(403);
      const badSid = await get(
        `${API.cartId}?rid=${dine.restaurantId}&tableId=${dine.tableId}&guid=${GUID}&sid=nope`,
        GUID,
      );
      expect(badSid.statusCode).toBe(403);
    });
  });

  describe("restaurant status calls", () => {
    it("GET /cloud/api/v1/pos-status answers code 200 with a boolean", async () => {
      expect(json(await get(`${API.posStatus}?rid=${dine.restaurantId}`))).toMatchObject({
        code: 200,
        data: true,
      });
    });

    it("GET /cloud/api/v1/crm-type says which member system the restaurant runs", async () => {
      const body = json(await get(`${API.crmType}?rid=${dine.restaurantId}`));
      expect(body.data).toEqual({
        crmType: expect.stringMatching(/^(new|old)$/),
        isNewCrm: expect.any(Boolean),
      });
    });

    it("GET /cloud/api/v1/restaurant-memos answers code 200 with KOU_WEI memos among others", async () => {
      const body = json(await get(`${API.memos}?rid=${dine.restaurantId}`));
      const memos = body.data as Array<{ type: string; content: string; number: number }>;
      expect(body.code).toBe(200);
      expect(memos.some((m) => m.type === "KOU_WEI")).toBe(true);
      expect(memos.some((m) => m.type !== "KOU_WEI")).toBe(true);
    });

    it("GET /healthz answers while the database answers", async () => {
      expect(json(await get(API.healthz))).toMatchObject({ status: "ok", database: backend });
    });
  });
});
