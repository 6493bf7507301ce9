import type { Dish } from "../src/contract/menu.js";

/** A dish with every field at its plain default; tests override what they exercise. */
export function makeDish(overrides: Partial<Dish> & { id: number }): Dish {
  return {
    dishesId: overrides.id,
    name: `菜${overrides.id}`,
    dishesName: `菜${overrides.id}`,
    intro: "",
    dishIntro: "",
    unit: "份",
    dishesUnit: "份",
    price: 10,
    vipPrice: null,
    smallImg: "",
    bigImg: "",
    season: false,
    Weigh: false,
    inceptStep: 1,
    necessary: false,
    mustFoodType: 0,
    mustFoodNum: 1,
    foodproperty: 0,
    pricingType: 0,
    startPrice: null,
    startVipPrice: null,
    type: "",
    typeId: 1,
    secondTypeId: null,
    code: "",
    estimate: -1,
    index: 0,
    showDishItem: true,
    isRecommend: false,
    salablePeriodType: 0,
    salablePeriod: null,
    availableStatus: 1,
    norms: [],
    methodCategories: [],
    additionCategories: [],
    combosList: [],
    allergens: [],
    allergenInfo: "declared",
    diets: [],
    ...overrides,
  };
}

/** A dish with two norms, percentage and fixed methods, and additions. */
export const spicyFish = makeDish({
  id: 7,
  price: 48,
  vipPrice: 45,
  norms: [
    { id: 71, name: "小份", price: 38, vipPrice: 35 },
    { id: 72, name: "大份", price: 58, vipPrice: null },
  ],
  methodCategories: [
    {
      categoryName: "做法",
      sort: 1,
      methodList: [
        { id: 81, name: "加辣", markupPrice: 10, markupWay: 1, isDefault: false },
        { id: 82, name: "双倍", markupPrice: 20, markupWay: 1, isDefault: false },
        { id: 83, name: "打包盒", markupPrice: 1.5, markupWay: 2, isDefault: false },
        { id: 84, name: "原味", markupPrice: 0, markupWay: 0, isDefault: true },
      ],
    },
  ],
  additionCategories: [
    {
      categoryName: "加料",
      sort: 1,
      additions: [
        { id: 91, name: "加蛋", priceUpValue: 2 },
        { id: 92, name: "加芝士", priceUpValue: 5.5 },
      ],
    },
  ],
});
