import Big from "big.js";
import { describe, expect, it } from "vitest";
import type { ComboItem, Dish, MethodCategory } from "../src/contract/menu.js";
import {
  type AddKind,
  addedAmount,
  addKind,
  choiceLabels,
  chooseMethod,
  comboGroups,
  EMPTY_CHOICE,
  pickedInGroup,
  startingChoice,
  togglePart,
  unfinishedGroups,
  withAdditionCount,
} from "../src/line-choice.js";

type ChoiceDish = Pick<
  Dish,
  "foodproperty" | "norms" | "methodCategories" | "additionCategories" | "combosList"
>;

const bare: ChoiceDish = {
  foodproperty: 0,
  norms: [],
  methodCategories: [],
  additionCategories: [],
  combosList: [],
};

const spice: MethodCategory = {
  categoryName: "辣度",
  sort: 1,
  methodList: [
    { id: 11, name: "微辣", markupWay: 0, markupPrice: 0, isDefault: false },
    { id: 12, name: "中辣", markupWay: 0, markupPrice: 0, isDefault: true },
  ],
};
const cooking: MethodCategory = {
  categoryName: "做法",
  sort: 2,
  methodList: [
    { id: 21, name: "清蒸", markupWay: 0, markupPrice: 0, isDefault: false },
    { id: 22, name: "红烧", markupWay: 1, markupPrice: 10, isDefault: false },
  ],
};

function part(itemId: number, name: string, groupName: string, groupPick: number, count = 1): ComboItem {
  return {
    id: itemId + 1000,
    itemId,
    name,
    count,
    norms: [],
    cdatList: [],
    groupName,
    groupPick,
    priceUp: 0,
  };
}

const combo: ChoiceDish = {
  ...bare,
  foodproperty: 3,
  combosList: [
    part(1, "宫保鸡丁", "主菜", 1),
    part(2, "回锅肉", "主菜", 1),
    part(3, "米饭", "主食", 1),
    part(4, "酸梅汤", "饮品", 2),
    part(5, "柠檬茶", "饮品", 2),
    part(6, "可乐", "饮品", 2),
    part(7, "例汤", "汤", 1, 2),
  ],
};

describe("what the add of a dish opens", () => {
  it.each([
    ["a single dish", bare, "plain"],
    ["norms", { ...bare, norms: [{ id: 1, name: "大份", price: 10, vipPrice: null }] }, "spec"],
    ["methods", { ...bare, methodCategories: [spice] }, "spec"],
    [
      "a method category with no methods",
      { ...bare, methodCategories: [{ ...spice, methodList: [] }] },
      "plain",
    ],
    [
      "add-ons",
      {
        ...bare,
        additionCategories: [
          { categoryName: "加料", sort: 1, additions: [{ id: 9, name: "加蛋", priceUpValue: 2 }] },
        ],
      },
      "additions",
    ],
    ["a set menu (foodproperty 1)", { ...bare, foodproperty: 1 }, "combo"],
    ["a choose-within-groups combo (foodproperty 3)", { ...bare, foodproperty: 3 }, "combo"],
    ["another complex dish (foodproperty 2)", { ...bare, foodproperty: 2, norms: [] }, "batch"],
  ] satisfies Array<[string, ChoiceDish, AddKind]>)("%s → %s", (_, dish, kind) => {
    expect(addKind(dish)).toBe(kind);
  });
});

describe("combo groups", () => {
  it("groups combosList by groupName in order; a group picking all its parts is fixed", () => {
    const groups = comboGroups(combo);
    expect(groups.map((g) => [g.name, g.pick, g.fixed, g.items.length])).toEqual([
      ["主菜", 1, false, 2],
      ["主食", 1, true, 1],
      ["饮品", 2, false, 3],
      ["汤", 1, true, 1],
    ]);
  });

  it("starts with every part of the fixed groups, at the part's count", () => {
    expect(startingChoice(combo).parts).toEqual([
      { itemId: 3, count: 1 },
      { itemId: 7, count: 2 },
    ]);
  });

  it("swaps within a pick-one group, fills a pick-two group up to two, and drops a chosen part", () => {
    const [main, , drinks, soup] = comboGroups(combo);
    if (!main || !drinks || !soup) throw new Error("groups");
    let parts = startingChoice(combo).parts;
    const step = (group: typeof main, itemId: number) => {
      const result = togglePart(group, parts, itemId);
      if (result.ok) parts = result.parts;
      return result;
    };
    step(main, 1);
    step(main, 2);
    expect(parts.filter((p) => p.itemId <= 2)).toEqual([{ itemId: 2, count: 1 }]);
    step(drinks, 4);
    step(drinks, 5);
    expect(step(drinks, 6)).toEqual({ ok: false, reason: "full" });
    expect(pickedInGroup(drinks, parts)).toBe(2);
    step(drinks, 4);
    expect(pickedInGroup(drinks, parts)).toBe(1);
    expect(step(soup, 7)).toEqual({ ok: false, reason: "fixed" });
  });

  it("is complete only when every group has its pick", () => {
    const groups = comboGroups(combo);
    const start = startingChoice(combo).parts;
    expect(unfinishedGroups(groups, start).map((g) => g.name)).toEqual(["主菜", "饮品"]);
    const done = [...start, { itemId: 1, count: 1 }, { itemId: 4, count: 1 }, { itemId: 6, count: 1 }];
    expect(unfinishedGroups(groups, done)).toEqual([]);
  });
});

describe("editing a choice", () => {
  const dish = { ...bare, methodCategories: [spice, cooking] };

  it("starts from the default method of each category, else the first", () => {
    expect(startingChoice(dish).methodIds).toEqual([12, 21]);
  });

  it("keeps one method per category", () => {
    expect(chooseMethod(dish, [12, 21], 11)).toEqual([21, 11]);
    expect(chooseMethod(dish, [12, 21], 22)).toEqual([12, 22]);
    expect(chooseMethod(dish, [12, 21], 99)).toEqual([12, 21]);
  });

  it("sets an add-on's count, and 0 takes it out", () => {
    const one = withAdditionCount([], 9, 1);
    expect(withAdditionCount(one, 9, 3)).toEqual([{ id: 9, count: 3 }]);
    expect(withAdditionCount(one, 9, 0)).toEqual([]);
  });
});

describe("what one + adds", () => {
  const base = {
    name: "馒头",
    estimate: 3,
    minCount: 2,
    inceptStep: 2,
    Weigh: false,
    unit: "个",
    dishesUnit: "个",
  };
  it("brings the minimum first and the step after, whatever the stock", () => {
    expect(addedAmount(base, new Big(0)).toString()).toBe("2");
    expect(addedAmount(base, new Big(2)).toString()).toBe("2");
    expect(addedAmount({ ...base, minCount: undefined, inceptStep: 0 }, new Big(0)).toString()).toBe("1");
  });
  it("is 0 past the maximum quantity", () => {
    expect(addedAmount(base, new Big(999)).toString()).toBe("0");
  });
});

describe("labels of a choice", () => {
  it("names the norm, methods, add-ons and parts in the menu's order, with counts above one", () => {
    const dish: ChoiceDish = {
      ...combo,
      norms: [{ id: 1, name: "大份", price: 10, vipPrice: null }],
      methodCategories: [spice],
      additionCategories: [
        {
          categoryName: "加料",
          sort: 1,
          additions: [
            { id: 8, name: "加面", priceUpValue: 3 },
            { id: 9, name: "加蛋", priceUpValue: 2 },
          ],
        },
      ],
    };
    const choice = {
      ...EMPTY_CHOICE,
      normId: 1,
      methodIds: [11],
      additions: [
        { id: 9, count: 2 },
        { id: 8, count: 1 },
      ],
      parts: [
        { itemId: 7, count: 2 },
        { itemId: 2, count: 1 },
      ],
    };
    expect(choiceLabels(dish, choice)).toEqual(["大份", "微辣", "加面", "加蛋×2", "回锅肉", "例汤×2"]);
    expect(choiceLabels(dish, EMPTY_CHOICE)).toEqual([]);
  });
});
