import { describe, expect, it } from "vitest";
import type { CartLine } from "../src/cart.js";
import { COMBO_NOTE_REFUSED } from "../src/notes.js";
import { applyTableOp } from "../src/table-ops.js";
import { makeDish } from "./fixtures.js";

const menu = [
  makeDish({ id: 1, name: "米饭" }),
  makeDish({ id: 2, name: "套餐", foodproperty: 1 }),
  makeDish({ id: 3, name: "茶位", necessary: true, mustFoodType: 1, mustFoodNum: 1 }),
  makeDish({
    id: 4,
    name: "湿巾",
    necessary: true,
    mustFoodType: 1,
    estimate: 5,
    norms: [
      { id: 41, name: "小包", price: 1, vipPrice: null },
      { id: 42, name: "大包", price: 2, vipPrice: null },
    ],
  }),
];
const dishOf = (id: number) => menu.find((d) => d.id === id);
const line = (foodId: number, count = "1"): CartLine => ({
  detailId: `${foodId}__`,
  foodId,
  normId: null,
  methodIds: [],
  additions: [],
  parts: [],
  count,
  memo: "",
});

describe("table operations", () => {
  it("notes a line with core's note rules, never a combo", () => {
    const noted = applyTableOp(
      [line(1)],
      { kind: "note", detailId: "1__", memo: " 少辣🌶️ " },
      dishOf,
      () => menu,
    );
    expect(noted.ok && noted.lines[0]?.memo).toBe("少辣");
    expect(
      applyTableOp([line(2)], { kind: "note", detailId: "2__", memo: "少辣" }, dishOf, () => menu),
    ).toEqual({
      ok: false,
      message: COMBO_NOTE_REFUSED,
    });
  });

  it("sets the diner count and brings the must-order dishes to it", () => {
    const four = applyTableOp(
      [line(1), line(3, "2")],
      { kind: "personNum", personNum: 4 },
      dishOf,
      () => menu,
    );
    expect(four).toMatchObject({ ok: true, personNum: 4 });
    expect(four.ok && four.lines.map((l) => [l.foodId, l.count])).toEqual([
      [1, "1"],
      [3, "4"],
      [4, "4"],
    ]);
  });

  it("leaves a must-order line as it is when the diners' own lines of the dish leave too little stock", () => {
    const own = { ...line(4, "2"), detailId: "4_42_", normId: 42 };
    const two = applyTableOp([own], { kind: "personNum", personNum: 2 }, dishOf, () => menu);
    expect(two.ok && two.lines.map((l) => [l.detailId, l.count])).toEqual([
      ["4_42_", "2"],
      ["3__", "2"],
      ["4_41_", "2"],
    ]);
    if (!two.ok) return;
    const four = applyTableOp(two.lines, { kind: "personNum", personNum: 4 }, dishOf, () => menu);
    expect(four.ok && four.lines.map((l) => [l.detailId, l.count])).toEqual([
      ["4_42_", "2"],
      ["3__", "4"],
      ["4_41_", "2"],
    ]);
  });
});
