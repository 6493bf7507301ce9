import { describe, expect, it } from "vitest";
import { orderPayloadSchema } from "../src/contract/order.js";
import { buildOrderPayload, type OrderPayloadInput } from "../src/order-payload.js";

const input = (overrides: Partial<OrderPayloadInput> = {}): OrderPayloadInput => ({
  submitId: "0f8e4c2a-1b3d-4e5f-8a9b-0c1d2e3f4a5b",
  guid: "0b7c1f9e-2d4a-4b8e-9c1d-3f5a6b7c8d9e",
  openId: "",
  restaurant: { restaurantId: 7, restaurantFastHotel: false, foodTakingMode: 1 },
  table: { tableId: 12, tableName: "A12" },
  pickedTable: null,
  cart: { cartId: 55, cartIdSign: "cart-sign" },
  isPrepayment: false,
  localCart: false,
  lines: [
    {
      detailId: "101__",
      foodId: 101,
      count: "2",
      memo: "不要辣🌶️",
      normId: null,
      methodIds: [],
      additions: [],
      parts: [],
    },
  ],
  query: {},
  wholeMemo: "快点上菜😀",
  personNum: 3,
  invoiceTitle: "",
  supply: null,
  ...overrides,
});

describe("the order payload (spec 000 §3)", () => {
  it("is what the server's schema accepts, notes without emoji", () => {
    const payload = buildOrderPayload(input());
    expect(orderPayloadSchema.safeParse(payload).success).toBe(true);
    expect(payload.wholeMemo).toEqual({ guid: "0b7c1f9e-2d4a-4b8e-9c1d-3f5a6b7c8d9e", memo: "快点上菜" });
    expect(payload.foods[0]?.memo).toBe("不要辣");
    // dine-in never carries the quick-service food-taking mode (the server would ask for a phone)
    expect(payload.foodTakingMode).toBe(0);
    expect(payload.reserve).toBeUndefined();
  });

  it("carries the main order, the link flags and the supply form", () => {
    const payload = buildOrderPayload(
      input({
        query: { reserve: "1", mainOrderId: "31", mainWxId: "guid-main-0001" },
        supply: {
          phone: "13812345678",
          code: "204816",
          name: "王先生",
          sex: "1",
          num: 4,
          time: "2026-11-25 18:30",
          memo: "靠窗🙂",
          address: "",
        },
        restaurant: { restaurantId: 7, restaurantFastHotel: true, foodTakingMode: 1 },
        localCart: true,
      }),
    );
    expect(orderPayloadSchema.safeParse(payload).success).toBe(true);
    expect(payload).toMatchObject({
      reserve: "1",
      mainOrderId: 31,
      mainWxId: "guid-main-0001",
      phone: "13812345678",
      code: "204816",
      memo: "靠窗",
      num: 4,
      time: "2026-11-25 18:30",
      // the form's party size is the order's diner count (3 was asked elsewhere)
      personNum: 4,
      foodTakingMode: 1,
      faultCart: true,
    });
  });

  it("puts a quick-service order on the picked table, a dine-in order on the scanned one", () => {
    const pickedTable = { tableId: 14, tableName: "B02" };
    const fast = { restaurantId: 7, restaurantFastHotel: true, foodTakingMode: 0 as const };
    expect(buildOrderPayload(input({ restaurant: fast, pickedTable }))).toMatchObject({
      realTableId: 14,
      realTableName: "B02",
    });
    expect(buildOrderPayload(input({ restaurant: fast }))).toMatchObject({
      realTableId: 12,
      realTableName: "A12",
    });
    expect(buildOrderPayload(input({ pickedTable }))).toMatchObject({
      realTableId: 12,
      realTableName: "A12",
    });
  });
});
