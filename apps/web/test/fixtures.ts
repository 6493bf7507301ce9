import type {
  CartId,
  CartJoinResult,
  Category,
  Dish,
  Memo,
  RestaurantDetail,
  SellOut,
  TableJoinResult,
  UserInfo,
} from "@tablemate/core";

export const HOTEL_ID = 7;
export const TABLE_ID = 12;
export const SID = "signed-table-token";
export const GUID = "0b7c1f9e-2d4a-4b8e-9c1d-3f5a6b7c8d9e";
/** the query of a scanned table link */
export const TABLE_QUERY = { hotelid: String(HOTEL_ID), tn: String(TABLE_ID), sid: SID };

export function restaurant(overrides: Partial<RestaurantDetail> = {}): RestaurantDetail {
  return {
    restaurantId: HOTEL_ID,
    restaurantName: "老街小馆",
    wctPayType: 0,
    restaurantFastHotel: false,
    openRecharge: false,
    serverVersion: "2.35.15",
    iconUrl: "",
    foodTakingMode: 1,
    wctPayOnly: 0,
    fastFoodNeedPersonNum: false,
    startPrice: 0,
    deliveryFee: "0.00",
    deliveryMinutes: 45,
    hotelLock: false,
    verifyPhone: false,
    hideTotalPrice: false,
    wctCallService: true,
    address: "",
    phone: "",
    businessTime: "00:00-24:00",
    tags: [],
    environment: [],
    hotelLabel: "",
    restaurantDescription: "",
    description: "",
    latitude: 0,
    longitude: 0,
    crmType: "new",
    templateNumber: { foods: 1, recommends: 1 },
    announcement: "",
    discountText: "",
    timezone: "Asia/Shanghai",
    ...overrides,
  };
}

export function dish(overrides: Partial<Dish> & Pick<Dish, "dishesId">): Dish {
  const name = overrides.name ?? `菜品${overrides.dishesId}`;
  return {
    id: overrides.dishesId,
    name,
    dishesName: name,
    intro: "",
    dishIntro: "",
    unit: "份",
    dishesUnit: "份",
    price: 18,
    vipPrice: null,
    smallImg: `https://img.example.com/dish/${overrides.dishesId}.webp`,
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

export function category(overrides: Partial<Category> & Pick<Category, "id" | "dishesTypeName">): Category {
  return { sort: overrides.id, hasSecondCategory: false, secondCategories: [], ...overrides };
}

export const CATEGORIES: Category[] = [
  category({ id: 2, dishesTypeName: "热菜", sort: 2 }),
  category({ id: 1, dishesTypeName: "凉菜", sort: 1 }),
];

export const FOODS: Dish[] = [
  dish({ dishesId: 101, name: "拍黄瓜", typeId: 1, price: 12 }),
  dish({ dishesId: 201, name: "红烧肉", typeId: 2, price: 58.888, unit: "例" }),
  dish({ dishesId: 202, name: "清蒸鲈鱼", typeId: 2, price: 0.0001, unit: "斤" }),
];

export const TABLE: TableJoinResult = {
  tableId: TABLE_ID,
  tableName: "A12",
  tableType: 1,
  accessType: "realTable",
  personNum: 3,
  users: [],
};

export const USER: UserInfo = {
  guid: GUID,
  phone: "",
  nickname: "",
  headImagUrl: "",
  webInfo: {},
  appInfo: { openId: "" },
  memberCardId: null,
  status: 0,
  token: "token-from-user-info",
};

export const CART_ID: CartId = { value: 55, sign: "cart-sign" };
export const CART_JOIN: CartJoinResult = { virTableId: 900, cartId: 55 };
export const MEMOS: Memo[] = [{ id: 1, type: "KOU_WEI", content: "微辣", number: 3 }];
export const SELL_OUT: SellOut = {
  value: [{ foodId: 201, sum: 0 }],
  additions: [{ additionId: 5, sum: 3 }],
};
