import fc from "fast-check";
import type { ComboItem, Dish, MethodCategory } from "../src/contract/menu.js";
import {
  chooseMethod,
  comboGroups,
  pickedInGroup,
  startingChoice,
  togglePart,
  withAdditionCount,
} from "../src/line-choice.js";
import type { LineChoice } from "../src/pricing.js";
import { makeDish, spicyFish } from "./fixtures.js";

/** A menu with every kind of option a line can carry, for the line rules and their properties. */

function item(itemId: number, groupName: string, groupPick: number, count = 1, priceUp = 0): ComboItem {
  return {
    id: itemId + 1000,
    itemId,
    name: `件${itemId}`,
    count,
    norms: [],
    cdatList: [],
    groupName,
    groupPick,
    priceUp,
  };
}

const spice: MethodCategory = {
  categoryName: "辣度",
  sort: 1,
  methodList: [
    { id: 11, name: "微辣", markupPrice: 0, markupWay: 0, isDefault: false },
    { id: 12, name: "特辣", markupPrice: 5, markupWay: 1, isDefault: true },
  ],
};
const cooking: MethodCategory = {
  categoryName: "做法",
  sort: 2,
  methodList: [
    { id: 21, name: "干拌", markupPrice: 0, markupWay: 0, isDefault: false },
    { id: 22, name: "加大碗", markupPrice: 3, markupWay: 2, isDefault: false },
  ],
};

export const fish: Dish = { ...spicyFish, name: "麻辣鱼" };
export const rice = makeDish({ id: 1, name: "米饭", price: 2 });
export const duck = makeDish({ id: 2, name: "烤鸭", price: 68, minCount: 2, inceptStep: 2, estimate: 9 });
export const bass = makeDish({
  id: 3,
  name: "鲈鱼",
  price: 88,
  Weigh: true,
  unit: "斤",
  estimate: 5,
  methodCategories: [
    {
      categoryName: "打包",
      sort: 1,
      methodList: [{ id: 31, name: "打包盒", markupPrice: 2, markupWay: 2, isDefault: false }],
    },
  ],
});
export const noodles = makeDish({
  id: 5,
  name: "牛肉面",
  price: 18,
  methodCategories: [spice, cooking],
  additionCategories: [
    { categoryName: "加料", sort: 1, additions: [{ id: 51, name: "加牛肉", priceUpValue: 8 }] },
  ],
});
/** A choose-within-groups combo: pick one, a fixed group, pick two, a fixed part counted twice. */
export const setMeal = makeDish({
  id: 6,
  name: "双人套餐",
  price: 98,
  foodproperty: 3,
  combosList: [
    item(101, "主菜", 1, 1, 5),
    item(102, "主菜", 1),
    item(103, "主食", 1),
    item(104, "饮品", 2),
    item(105, "饮品", 2, 1, 3),
    item(106, "饮品", 2),
    item(107, "汤", 1, 2),
  ],
});
/** Another complex dish (foodproperty 2): its /foodBatch page shows the same groups as a combo. */
export const platter = makeDish({
  id: 8,
  name: "卤味拼盘",
  price: 40,
  foodproperty: 2,
  norms: [
    { id: 81, name: "小拼", price: 40, vipPrice: null },
    { id: 82, name: "大拼", price: 60, vipPrice: null, isDefault: true },
  ],
  combosList: [item(201, "拼", 2), item(202, "拼", 2), item(203, "拼", 2, 1, 2)],
});

/** Must-order dishes: one per diner sold from 2, a fixed number in steps of 3, a fixed-parts combo. */
export const tea = makeDish({
  id: 10,
  name: "茶位",
  price: 3,
  necessary: true,
  mustFoodType: 1,
  minCount: 2,
  estimate: 6,
  norms: [
    { id: 1001, name: "绿茶", price: 3, vipPrice: null },
    { id: 1002, name: "普洱", price: 5, vipPrice: null },
  ],
  methodCategories: [
    {
      categoryName: "温度",
      sort: 1,
      methodList: [
        { id: 1011, name: "热", markupPrice: 0, markupWay: 0, isDefault: false },
        { id: 1012, name: "冰", markupPrice: 1, markupWay: 2, isDefault: false },
      ],
    },
  ],
});
export const napkins = makeDish({
  id: 11,
  name: "湿巾",
  price: 1,
  necessary: true,
  mustFoodType: 2,
  mustFoodNum: 2,
  inceptStep: 3,
});
export const cutlery = makeDish({
  id: 14,
  name: "餐具包",
  price: 2,
  necessary: true,
  foodproperty: 1,
  combosList: [item(141, "餐具", 2), item(142, "餐具", 2)],
});

export const soldOutRibs = makeDish({ id: 15, name: "酱排骨", price: 38, estimate: 0 });

/** Must-order dishes the diner count cannot bring: out of sale hours, and a combo with a choice to make. */
export const lateSoup = makeDish({ id: 12, name: "夜宵汤", necessary: true, availableStatus: 3 });
export const mustCombo = makeDish({
  id: 13,
  name: "必点套餐",
  necessary: true,
  foodproperty: 1,
  combosList: [item(131, "主菜", 1), item(132, "主菜", 1)],
});

export const lineMenu: Dish[] = [
  rice,
  duck,
  bass,
  noodles,
  setMeal,
  fish,
  platter,
  tea,
  napkins,
  cutlery,
  lateSoup,
  mustCombo,
  soldOutRibs,
];
export const lineDishOf = (id: number) => lineMenu.find((d) => d.id === id);

/** One tap in a dish's modal or page, as indexes into what the dish offers. */
type Edit = [kind: number, a: number, b: number, count: number];

function applyEdit(dish: Dish, choice: LineChoice, [kind, a, b, count]: Edit): LineChoice {
  const methods = dish.methodCategories.flatMap((c) => c.methodList);
  const additions = dish.additionCategories.flatMap((c) => c.additions);
  const groups = comboGroups(dish);
  const norm = dish.norms[a % Math.max(dish.norms.length, 1)];
  const method = methods[a % Math.max(methods.length, 1)];
  const addition = additions[a % Math.max(additions.length, 1)];
  const group = groups[a % Math.max(groups.length, 1)];
  const part = group?.items[b % group.items.length];
  if (kind === 0 && norm) return { ...choice, normId: norm.id };
  if (kind === 1 && method) return { ...choice, methodIds: chooseMethod(dish, choice.methodIds, method.id) };
  if (kind === 2 && addition)
    return { ...choice, additions: withAdditionCount(choice.additions, addition.id, count) };
  if (kind === 3 && group && part) {
    const toggled = togglePart(group, choice.parts, part.itemId);
    return toggled.ok ? { ...choice, parts: toggled.parts } : choice;
  }
  return choice;
}

/** The diner fills every group still short of its pick: 加入购物车 waits for it. */
function finishGroups(dish: Dish, choice: LineChoice): LineChoice {
  let parts = choice.parts;
  for (const group of comboGroups(dish)) {
    for (const item of group.items) {
      if (pickedInGroup(group, parts) >= group.pick || parts.some((p) => p.itemId === item.itemId)) continue;
      const toggled = togglePart(group, parts, item.itemId);
      if (toggled.ok) parts = toggled.parts;
    }
  }
  return { ...choice, parts };
}

/** A choice the app's pickers build: the starting choice, some taps, every group filled. */
export function appChoice(dish: Dish): fc.Arbitrary<LineChoice> {
  const edit = fc.tuple(fc.nat(3), fc.nat(20), fc.nat(20), fc.integer({ min: 0, max: 99 }));
  return fc.array(edit, { maxLength: 8 }).map((edits) =>
    finishGroups(
      dish,
      edits.reduce((c, e) => applyEdit(dish, c, e), startingChoice(dish)),
    ),
  );
}
