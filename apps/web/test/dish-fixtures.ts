import type { ComboItem, Dish, Method, MethodCategory } from "@tablemate/core";
import { useAppStore } from "../src/store/app-store.js";
import type { AppState } from "../src/store/types.js";
import { CART_ID, dish, GUID, HOTEL_ID, restaurant } from "./fixtures.js";

/** Dishes of every kind the add control and the modals tell apart, modelled on the demo menu. */

function method(
  id: number,
  name: string,
  markupWay: Method["markupWay"],
  markupPrice: number,
  isDefault = false,
): Method {
  return { id, name, markupWay, markupPrice, isDefault };
}

function methods(categoryName: string, sort: number, list: Method[]): MethodCategory {
  return { categoryName, sort, methodList: list };
}

function part(
  itemId: number,
  name: string,
  groupName: string,
  groupPick: number,
  priceUp = 0,
  count = 1,
): ComboItem {
  return { id: itemId + 10_000, itemId, name, count, norms: [], cdatList: [], groupName, groupPick, priceUp };
}

export const CUCUMBER = dish({ dishesId: 101, name: "拍黄瓜", price: 12 });
export const BUNS = dish({ dishesId: 102, name: "白馒头", price: 2, unit: "个", minCount: 2, inceptStep: 2 });
export const MANGO = dish({ dishesId: 103, name: "杨枝甘露", price: 22, estimate: 2 });
export const SOLD_OUT = dish({ dishesId: 104, name: "无锡酱排骨", price: 38, estimate: 0 });
export const OUT_OF_PERIOD = dish({ dishesId: 105, name: "皮蛋瘦肉粥", price: 12, availableStatus: 3 });

export const EGGS = dish({
  dishesId: 201,
  name: "番茄炒蛋",
  price: 18,
  additionCategories: [
    {
      categoryName: "加料",
      sort: 1,
      additions: [
        { id: 9001, name: "加蛋", priceUpValue: 2 },
        { id: 9006, name: "加午餐肉", priceUpValue: 6 },
      ],
    },
  ],
});

export const FISH = dish({
  dishesId: 202,
  name: "水煮鱼",
  intro: "现杀草鱼片滑嫩无刺",
  bigImg: "https://img.example.com/dish/202-big.webp",
  price: 78,
  vipPrice: 72,
  norms: [
    { id: 1101, name: "大份", price: 98, vipPrice: 90 },
    { id: 1102, name: "中份", price: 78, vipPrice: 72, isDefault: true },
    { id: 1103, name: "小份", price: 58, vipPrice: 54 },
  ],
  methodCategories: [
    // no default here: the first is chosen
    methods("做法", 2, [method(1201, "清蒸", 0, 0), method(1202, "红烧", 1, 10), method(1203, "酸菜", 2, 8)]),
    methods("辣度", 1, [method(1211, "微辣", 0, 0), method(1212, "中辣", 0, 0, true)]),
  ],
});

/** weighed, with a percentage method, a fixed method and an add-on: every pricing rule at once */
export const SEA_BASS = dish({
  dishesId: 301,
  name: "活鲈鱼",
  price: 58.8,
  unit: "斤",
  Weigh: true,
  methodCategories: [
    methods("做法", 1, [method(1301, "清蒸", 0, 0, true), method(1302, "红烧", 1, 15)]),
    methods("加工", 2, [method(1311, "不加工", 0, 0, true), method(1312, "加姜丝", 2, 3.5)]),
  ],
  additionCategories: [
    { categoryName: "加料", sort: 1, additions: [{ id: 9010, name: "加豆腐", priceUpValue: 5 }] },
  ],
});

export const CROAKER = dish({ dishesId: 302, name: "野生大黄鱼", price: 48, unit: "两", Weigh: true });

export const PICK_SET = dish({
  dishesId: 401,
  name: "自选单人套餐",
  price: 39,
  unit: "套",
  foodproperty: 3,
  combosList: [
    part(501, "宫保鸡丁", "主菜", 1),
    part(502, "回锅肉", "主菜", 1, 3),
    part(503, "米饭", "主食", 1),
    part(504, "酸梅汤", "饮品", 2),
    part(505, "柠檬茶", "饮品", 2, 2),
    part(506, "可口可乐", "饮品", 2),
  ],
});

export const FIXED_SET = dish({
  dishesId: 402,
  name: "儿童欢乐套餐",
  price: 32,
  unit: "套",
  foodproperty: 1,
  combosList: [
    part(511, "番茄炒蛋", "套餐内容", 3),
    part(512, "米饭", "套餐内容", 3, 0, 2),
    part(513, "鲜榨橙汁", "套餐内容", 3),
  ],
});

export const BATCH = dish({
  dishesId: 403,
  name: "麻辣香锅",
  price: 38,
  foodproperty: 2,
  norms: [
    { id: 1401, name: "单人", price: 38, vipPrice: null, isDefault: true },
    { id: 1402, name: "双人", price: 68, vipPrice: null },
  ],
  methodCategories: [methods("辣度", 1, [method(1411, "微辣", 0, 0), method(1412, "特辣", 1, 10)])],
  additionCategories: [
    { categoryName: "加料", sort: 1, additions: [{ id: 9003, name: "加肥牛", priceUpValue: 12 }] },
  ],
});

export const ALL_DISHES: Dish[] = [
  CUCUMBER,
  BUNS,
  MANGO,
  SOLD_OUT,
  OUT_OF_PERIOD,
  EGGS,
  FISH,
  SEA_BASS,
  CROAKER,
  PICK_SET,
  FIXED_SET,
  BATCH,
];

/** The app store as startup leaves it: restaurant, cart id, visitor and the menu. */
export function startedStore(overrides: Partial<AppState> = {}): void {
  useAppStore.setState({
    isInitial: true,
    entryLoading: false,
    hotelid: HOTEL_ID,
    cartId: CART_ID.value,
    guid: GUID,
    restaurant: restaurant(),
    foods: ALL_DISHES,
    ...overrides,
  });
}
