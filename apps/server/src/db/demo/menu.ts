/**
 * The demo menu every demo restaurant gets a copy of: a Chinese restaurant menu that exercises every dish kind
 * of spec 000 §3-§5 and 001 §3-§5, §9. Rows are compact; the helpers below fill in the defaults.
 */
import {
  type Addition,
  type AdditionCategory,
  type ComboItem,
  MARKET_PRICE,
  type MethodCategory,
  type Norm,
} from "@tablemate/core";

/** Dishes whose sale hours are set from the clock at seed/refresh time, so the demo always shows both states. */
export type RelativePeriod = "unsellableNow" | "endingSoon";

/** A combo part as data: `ref` names the dish it is; the seed resolves it to that dish's database id. */
export type DemoComboPart = Omit<ComboItem, "itemId" | "name"> & { ref: string };

export interface DemoDish {
  /** stable ascii slug: combos point at it, and it is the dish's image key */
  ref: string;
  imageKey: string;
  name: string;
  intro: string;
  category: string;
  secondCategory: string | null;
  unit: string;
  /** yuan, decimal string; "0.0001" is market price */
  price: string;
  vipPrice: string | null;
  pricingType: 0 | 1;
  startPrice: string | null;
  startVipPrice: string | null;
  weigh: boolean;
  /** -1: no minimum */
  minCount: number;
  inceptStep: number;
  necessary: boolean;
  /** 1: mustFoodNum per diner; 2: mustFoodNum per table */
  mustFoodType: 0 | 1 | 2;
  mustFoodNum: number;
  season: boolean;
  /** 0 single; 1 fixed set; 3 choose within groups */
  foodproperty: 0 | 1 | 3;
  /** -1 unlimited, 0 sold out */
  estimate: number;
  isRecommend: boolean;
  salablePeriodType: 0 | 1;
  salableDays: string;
  salableTime: string;
  relativePeriod: RelativePeriod | null;
  norms: Norm[];
  methodCategories: MethodCategory[];
  additionCategories: AdditionCategory[];
  combos: DemoComboPart[];
}

export interface DemoCategory {
  name: string;
  /** second-level category names; empty when the category has none */
  seconds: string[];
}

/** Addition ids are shared by every dish offering the addition, since stock is kept per addition. */
export const DEMO_ADDITIONS = {
  egg: { id: 9001, name: "加蛋", priceUpValue: 2 },
  cheese: { id: 9002, name: "加芝士", priceUpValue: 5 },
  beef: { id: 9003, name: "加肥牛", priceUpValue: 12 },
  noodles: { id: 9004, name: "加面", priceUpValue: 3 },
  greens: { id: 9005, name: "加青菜", priceUpValue: 2 },
  spam: { id: 9006, name: "加午餐肉", priceUpValue: 6 },
  pearls: { id: 9007, name: "加珍珠", priceUpValue: 2 },
  coconut: { id: 9008, name: "加椰果", priceUpValue: 2 },
} satisfies Record<string, Addition>;

const ADD = DEMO_ADDITIONS;
const MARKET = String(MARKET_PRICE);

// Norm, method and combo-part ids: one sequence, so each is unique across the menu (additions use 9001+).
let lastOptionId = 1000;
const nextId = (): number => ++lastOptionId;

type DishRow = Omit<DemoDish, "category" | "secondCategory">;
type DishExtras = Partial<Omit<DishRow, "ref" | "imageKey" | "name" | "intro" | "price" | "vipPrice">>;
/** "38", [price, vipPrice], or norms whose default sets the dish price */
type Price = string | [price: string, vipPrice: string] | Norm[];

const isNormList = (price: Exclude<Price, string>): price is Norm[] => typeof price[0] !== "string";

function pricingOf(price: Price): Pick<DishRow, "price" | "vipPrice" | "norms"> {
  if (typeof price === "string") return { price, vipPrice: null, norms: [] };
  if (!isNormList(price)) return { price: price[0], vipPrice: price[1], norms: [] };
  const shown = price.find((n) => n.isDefault) ?? price[0];
  return {
    price: String(shown?.price ?? 0),
    vipPrice: shown?.vipPrice == null ? null : String(shown.vipPrice),
    norms: price,
  };
}

export function dish(
  ref: string,
  name: string,
  price: Price,
  intro: string,
  extras: DishExtras = {},
): DishRow {
  return {
    ref,
    imageKey: ref,
    name,
    intro,
    unit: "份",
    ...pricingOf(price),
    pricingType: 0,
    startPrice: null,
    startVipPrice: null,
    weigh: false,
    minCount: -1,
    inceptStep: 1,
    necessary: false,
    mustFoodType: 0,
    mustFoodNum: 1,
    season: false,
    foodproperty: 0,
    estimate: -1,
    isRecommend: false,
    salablePeriodType: 0,
    salableDays: "0",
    salableTime: "0",
    relativePeriod: null,
    methodCategories: [],
    additionCategories: [],
    combos: [],
    ...extras,
  };
}

export function section(category: string, secondCategory: string | null, rows: DishRow[]): DemoDish[] {
  return rows.map((row) => ({ ...row, category, secondCategory }));
}

/** [name, price, vipPrice, isDefault] */
function normsOf(rows: Array<[string, number, number | null, boolean?]>): Norm[] {
  return rows.map(([name, price, vipPrice, isDefault]) => ({
    id: nextId(),
    name,
    price,
    vipPrice,
    isDefault: isDefault ?? false,
  }));
}

/** 大份/中份/小份 as [price, vipPrice]; the middle size is the default. */
function sizes(large: [number, number], medium: [number, number], small: [number, number]): Norm[] {
  return normsOf([
    ["大份", ...large],
    ["中份", ...medium, true],
    ["小份", ...small],
  ]);
}

/** [name, markupWay, markupPrice]; the first option is the default. Fresh ids per dish. */
function methods(
  categoryName: string,
  sort: number,
  options: Array<[string, 0 | 1 | 2, number]>,
): MethodCategory {
  return {
    categoryName,
    sort,
    methodList: options.map(([name, markupWay, markupPrice], i) => ({
      id: nextId(),
      name,
      markupWay,
      markupPrice,
      isDefault: i === 0,
    })),
  };
}

// markupWay 1 is a percentage (10 = +10%), 2 a fixed amount in yuan.
const spiceLevel = () =>
  methods("辣度", 2, [
    ["微辣", 0, 0],
    ["中辣", 0, 0],
    ["特辣", 0, 0],
    ["不辣", 0, 0],
  ]);
const sweetness = () =>
  methods("甜度", 1, [
    ["正常糖", 0, 0],
    ["七分糖", 0, 0],
    ["半糖", 0, 0],
    ["无糖", 0, 0],
  ]);
const temperature = () =>
  methods("温度", 2, [
    ["正常冰", 0, 0],
    ["少冰", 0, 0],
    ["去冰", 0, 0],
    ["热饮", 2, 2],
  ]);
const portion = () =>
  methods("分量", 1, [
    ["标准", 0, 0],
    ["加量", 1, 20],
  ]);
const fishCooking = () =>
  methods("做法", 1, [
    ["清蒸", 0, 0],
    ["红烧", 1, 10],
    ["椒盐", 1, 15],
    ["酸菜", 2, 8],
  ]);
const shrimpCooking = () =>
  methods("做法", 1, [
    ["白灼", 0, 0],
    ["椒盐", 1, 10],
    ["油焖", 2, 6],
  ]);
const clamCooking = () =>
  methods("做法", 1, [
    ["辣炒", 0, 0],
    ["蒜蓉粉丝", 2, 5],
    ["酒煮", 1, 10],
  ]);
const wineWarming = () =>
  methods("温酒", 1, [
    ["常温", 0, 0],
    ["温热", 0, 0],
    ["加姜丝话梅", 2, 3],
  ]);

const toppings = (...additions: Addition[]): AdditionCategory => ({
  categoryName: "加料",
  sort: 1,
  additions,
});
const drinkToppings = (...additions: Addition[]): AdditionCategory => ({
  categoryName: "小料",
  sort: 1,
  additions,
});

const byWeight = (unit: "斤" | "两" = "斤"): DishExtras => ({ weigh: true, unit });
const period = (salableDays: string, salableTime: string): DishExtras => ({
  salablePeriodType: 1,
  salableDays,
  salableTime,
});
// salableTime is only a placeholder here: the seed computes it from the clock.
const relative = (relativePeriod: RelativePeriod): DishExtras => ({ ...period("0", "0"), relativePeriod });
const startingAt = (startPrice: string, startVipPrice: string): DishExtras => ({
  pricingType: 1,
  startPrice,
  startVipPrice,
});
const perDiner = (): DishExtras => ({ necessary: true, mustFoodType: 1, mustFoodNum: 1 });
const perTable = (mustFoodNum: number): DishExtras => ({ necessary: true, mustFoodType: 2, mustFoodNum });

function comboPart(
  ref: string,
  groupName: string,
  groupPick: number,
  count: number,
  priceUp: number,
): DemoComboPart {
  return { id: nextId(), ref, count, norms: [], cdatList: [], groupName, groupPick, priceUp };
}

/** foodproperty 1: every part is included, [ref, count] */
function fixedSet(parts: Array<[string, number]>): DishExtras {
  return {
    foodproperty: 1,
    combos: parts.map(([ref, count]) => comboPart(ref, "套餐内容", parts.length, count, 0)),
  };
}

/** A group of a choose-within-groups combo: [ref, priceUp]; pick equal to the choices makes it fixed. */
function group(groupName: string, pick: number, choices: Array<[string, number?]>): DemoComboPart[] {
  return choices.map(([ref, priceUp]) => comboPart(ref, groupName, pick, 1, priceUp ?? 0));
}

/** foodproperty 3: the diner picks within each group */
const pickSet = (...groups: DemoComboPart[][]): DishExtras => ({ foodproperty: 3, combos: groups.flat() });

export const demoMenu: DemoDish[] = [
  ...section("招牌菜", null, [
    dish(
      "mao-xue-wang",
      "毛血旺",
      sizes([88, 80], [68, 62], [48, 44]),
      "鸭血、毛肚、黄喉同煮，麻辣鲜香的重庆老味道",
      {
        isRecommend: true,
        methodCategories: [spiceLevel()],
        additionCategories: [toppings(ADD.spam, ADD.beef, ADD.greens)],
      },
    ),
    dish(
      "sichuan-boiled-fish",
      "水煮鱼",
      sizes([98, 90], [78, 72], [58, 54]),
      "现杀草鱼片滑嫩无刺，红油花椒层层入味",
      {
        isRecommend: true,
        methodCategories: [spiceLevel()],
      },
    ),
    dish("dongpo-pork", "东坡肉", ["58", "52"], "五花肉小火慢炖三小时，肥而不腻，入口即化", {
      isRecommend: true,
    }),
    dish(
      "peking-duck",
      "北京烤鸭",
      normsOf([
        ["整只", 128, 118],
        ["半只", 68, 62, true],
      ]),
      "果木挂炉现烤，附荷叶饼、葱丝、甜面酱",
      { isRecommend: true, estimate: 5 },
    ),
    dish("squirrel-mandarin-fish", "松鼠桂鱼", ["138", "128"], "苏帮名菜，外酥里嫩，浇上酸甜茄汁", {
      isRecommend: true,
      estimate: 3,
    }),
    dish("chopped-chili-fish-head", "剁椒鱼头", ["88", "80"], "千岛湖胖头鱼配自制剁椒，鲜辣下饭", {
      isRecommend: true,
      methodCategories: [spiceLevel()],
    }),
    dish("braised-lion-head", "红烧狮子头", "16", "手工斩肉，淮扬做法，两个起售", {
      unit: "个",
      minCount: 2,
    }),
    dish("spicy-stir-fry-pot", "麻辣香锅", ["38", "35"], "荤素食材自选，按所选加价", {
      ...startingAt("38", "35"),
      isRecommend: true,
      methodCategories: [spiceLevel()],
      additionCategories: [toppings(ADD.beef, ADD.spam, ADD.noodles, ADD.greens)],
    }),
  ]),
  ...section("凉菜", null, [
    dish("smashed-cucumber", "拍黄瓜", "12", "蒜泥香醋凉拌，清脆爽口"),
    dish("mouth-watering-chicken", "口水鸡", ["32", "29"], "三黄鸡浸红油，麻辣鲜香", {
      unit: "例",
      isRecommend: true,
    }),
    dish("fuqi-feipian", "夫妻肺片", "36", "牛肉牛杂卤后切片，红油拌制", { unit: "例" }),
    dish("wood-ear-salad", "凉拌木耳", "16", "东北黑木耳，小米辣与陈醋提味"),
    dish("century-egg-tofu", "皮蛋豆腐", "14", "内酯豆腐配松花皮蛋，淋特调酱汁"),
    dish("garlic-pork-slices", "蒜泥白肉", "28", "薄切二刀肉，复制酱油配蒜泥"),
    dish(
      "marinated-platter",
      "卤水拼盘",
      sizes([68, 62], [48, 44], [32, 29]),
      "卤牛肉、卤鸭掌、卤豆干、卤蛋",
    ),
    dish("wuxi-spare-ribs", "无锡酱排骨", "38", "浓油赤酱，甜咸适口", { estimate: 0 }),
    dish("drunken-chicken", "花雕醉鸡", "38", "绍兴花雕浸泡一夜，皮爽肉滑", { estimate: 0 }),
    dish("vinegar-peanuts", "老醋花生", "10", "山西老陈醋泡制，酸甜酥脆"),
  ]),
  ...section("热菜", "川菜", [
    dish("kung-pao-chicken", "宫保鸡丁", ["38", "35"], "鸡腿肉丁配花生米，糊辣荔枝味", {
      isRecommend: true,
      methodCategories: [spiceLevel()],
    }),
    dish("yuxiang-shredded-pork", "鱼香肉丝", "32", "泡椒姜蒜调出鱼香味，酸甜微辣"),
    dish("mapo-tofu", "麻婆豆腐", "22", "牛肉末配郫县豆瓣，麻辣烫香酥嫩", {
      methodCategories: [spiceLevel()],
    }),
    dish("twice-cooked-pork", "回锅肉", "36", "二刀肉配蒜苗，豆瓣酱爆香"),
    dish("chongqing-chili-chicken", "辣子鸡", ["48", "45"], "干辣椒里找鸡丁，酥香麻辣", { estimate: 8 }),
    dish("dry-fried-green-beans", "干煸四季豆", "24", "煸至虎皮，肉末芽菜提香"),
    dish(
      "sichuan-boiled-beef",
      "水煮牛肉",
      sizes([78, 72], [58, 54], [42, 39]),
      "嫩牛肉片铺豆芽青菜，热油泼辣椒",
    ),
    dish("pickled-cabbage-fish", "酸菜鱼", ["68", "62"], "老坛酸菜配黑鱼片，酸爽开胃", {
      methodCategories: [spiceLevel()],
      additionCategories: [toppings(ADD.noodles, ADD.greens, ADD.spam)],
    }),
    dish("pepper-pork-intestines", "尖椒肥肠", "46", "肥肠洗净卤透，尖椒爆炒香辣"),
    dish("green-pepper-pork", "青椒肉丝", "28", "家常快炒，青椒脆、肉丝嫩"),
  ]),
  ...section("热菜", "粤菜", [
    dish(
      "white-cut-chicken",
      "白切鸡",
      normsOf([
        ["整只", 98, 88],
        ["半只", 58, 52, true],
      ]),
      "清远走地鸡，配姜葱蓉蘸料",
    ),
    dish("honey-char-siu", "蜜汁叉烧", ["42", "38"], "梅头肉炭火烤制，蜜汁亮泽"),
    dish("black-bean-spareribs", "豉汁蒸排骨", "38", "阳江豆豉蒸制，鲜嫩多汁"),
    dish("oyster-sauce-lettuce", "蚝油生菜", "18", "白灼生菜淋蚝油，爽脆清甜"),
    dish("beef-chow-fun", "干炒牛河", "32", "镬气十足，河粉不断不糊"),
    dish("roast-goose", "深井烧鹅", ["68", "62"], "皮脆肉嫩，配酸梅酱", { estimate: 6 }),
    dish("sweet-sour-pork", "菠萝咕噜肉", "36", "菠萝青椒同炒，酸甜酥香"),
    dish("zhezhe-chicken-pot", "啫啫鸡煲", "48", "砂锅猛火啫香，姜葱蒜头铺底"),
  ]),
  ...section("热菜", "其它", [
    dish("tomato-scrambled-eggs", "番茄炒蛋", "18", "番茄沙软，鸡蛋嫩滑的家常味", {
      additionCategories: [toppings(ADD.egg)],
    }),
    dish("di-san-xian", "地三鲜", "24", "土豆、茄子、青椒，东北家常菜"),
    dish("sweet-sour-tenderloin", "糖醋里脊", "36", "外酥里嫩，酸甜适口"),
    dish("jingjiang-pork", "京酱肉丝", "34", "甜面酱炒肉丝，配豆腐皮卷葱丝"),
    dish("braised-eggplant", "红烧茄子", "22", "茄子软糯入味，酱香浓郁"),
    dish("cumin-lamb", "孜然羊肉", ["52", "48"], "内蒙羊腿肉，孜然辣椒大火爆炒"),
    dish("seasonal-greens", "清炒时蔬", "18", "当季新鲜蔬菜，以当日供应为准", { season: true }),
    dish("farmhouse-pork", "农家小炒肉", "32", "螺丝椒炒五花肉，湘味下饭", {
      methodCategories: [spiceLevel()],
    }),
  ]),
  ...section("汤羹", null, [
    dish("tomato-egg-soup", "西红柿蛋汤", "16", "酸甜开胃的家常汤", { unit: "碗" }),
    dish("hot-sour-soup", "酸辣汤", "18", "胡椒醋香，豆腐木耳笋丝", { unit: "例" }),
    dish("sour-radish-duck-soup", "酸萝卜老鸭汤", "58", "老鸭慢炖四小时，酸萝卜解腻", { unit: "例" }),
    dish("corn-rib-soup", "玉米排骨汤", "38", "甜玉米与猪肋排清炖"),
    dish("seaweed-egg-soup", "紫菜蛋花汤", "12", "清淡鲜美", { unit: "碗" }),
    dish("yan-du-xian", "腌笃鲜", ["48", "45"], "春笋、咸肉、鲜肉同炖，江南春味", {
      season: true,
      isRecommend: true,
    }),
    dish("fish-maw-chicken-soup", "花胶鸡汤", ["88", "78"], "花胶与走地鸡熬煮，每位一盅", { unit: "位" }),
  ]),
  ...section("主食", null, [
    dish("steamed-rice", "米饭", "2", "东北五常大米，每桌默认两碗", { unit: "碗", ...perTable(2) }),
    dish("yangzhou-fried-rice", "扬州炒饭", "22", "虾仁火腿蛋炒饭，粒粒分明", {
      additionCategories: [toppings(ADD.egg, ADD.spam)],
    }),
    dish("dandan-noodles", "担担面", "16", "芽菜肉臊，红油麻酱", {
      unit: "碗",
      methodCategories: [spiceLevel()],
    }),
    dish("braised-beef-noodles", "红烧牛肉面", ["26", "24"], "大块牛腱，汤浓面劲", {
      unit: "碗",
      methodCategories: [portion()],
      additionCategories: [toppings(ADD.egg, ADD.beef, ADD.noodles, ADD.greens)],
    }),
    dish("scallion-oil-noodles", "葱油拌面", "14", "上海风味，葱油焦香", {
      unit: "碗",
      additionCategories: [toppings(ADD.egg)],
    }),
    dish("steamed-bun", "白馒头", "2", "老面发酵，松软有嚼劲，两个起", {
      unit: "个",
      minCount: 2,
      inceptStep: 2,
    }),
    dish("chive-egg-dumplings", "韭菜鸡蛋水饺", sizes([32, 29], [22, 20], [15, 14]), "现包现煮，蘸醋更香"),
    dish("century-egg-congee", "皮蛋瘦肉粥", "12", "早市供应，米粥熬足两小时", {
      unit: "碗",
      ...period("0", "06:30-10:30"),
    }),
  ]),
  ...section("小吃", null, [
    dish("xiaolongbao", "蟹粉小笼包", ["28", "25"], "一笼八只，皮薄汁多", { isRecommend: true }),
    dish("shengjian-bao", "生煎包", "16", "底脆皮软，芝麻葱花"),
    dish("spring-rolls", "春卷", "12", "韭黄肉丝馅，炸至金黄"),
    dish("scallion-pancake", "葱油饼", "8", "现烙现卖，外脆里软", { unit: "个" }),
    dish("lamb-skewers", "烤羊肉串", "6", "新疆羊肉炭火现烤，五串起售", {
      unit: "串",
      minCount: 5,
      inceptStep: 5,
      ...period("0", "17:00-24:00"),
    }),
    dish("stinky-tofu", "长沙臭豆腐", "12", "闻着臭吃着香，配秘制辣汁"),
    dish("brown-sugar-ciba", "红糖糍粑", "16", "糯米糍粑炸脆，淋红糖浆"),
    // stock below the minimum count: the dish shows as sold out
    dish("garlic-grilled-oysters", "蒜蓉烤生蚝", "10", "乳山生蚝，两只起售", {
      unit: "个",
      minCount: 2,
      inceptStep: 2,
      estimate: 1,
    }),
    dish("pumpkin-cakes", "南瓜饼", "14", "老南瓜和糯米粉，软糯香甜", { estimate: 10 }),
    dish("har-gow", "水晶虾饺", "24", "周末早茶限定点心", period("6,7", "08:00-14:00")),
    dish(
      "truffle-shaomai",
      "主厨限定·黑松露烧卖",
      ["32", "29"],
      "主厨每日限定时段供应",
      relative("unsellableNow"),
    ),
    dish(
      "sichuan-pepper-chicken",
      "限时特供·椒麻鸡",
      ["36", "32"],
      "限时供应，过时不候",
      relative("endingSoon"),
    ),
  ]),
  ...section("饮品", null, [
    dish("tea-seat", "茶位费", "3", "每位一份，含大麦茶无限续杯", { unit: "位", ...perDiner() }),
    dish("sour-plum-drink", "酸梅汤", "8", "乌梅山楂桂花熬制，冰镇解辣", {
      unit: "杯",
      methodCategories: [temperature()],
    }),
    dish("lemon-tea", "手打柠檬茶", "12", "香水柠檬现打，茶香清爽", {
      unit: "杯",
      methodCategories: [sweetness(), temperature()],
    }),
    dish(
      "bubble-milk-tea",
      "珍珠奶茶",
      normsOf([
        ["大杯", 18, 16],
        ["中杯", 15, 13, true],
        ["小杯", 12, 11],
      ]),
      "黑糖珍珠，现煮现做",
      {
        unit: "杯",
        methodCategories: [sweetness(), temperature()],
        additionCategories: [drinkToppings(ADD.pearls, ADD.coconut, ADD.cheese)],
      },
    ),
    dish("fresh-orange-juice", "鲜榨橙汁", ["18", "16"], "赣南脐橙现榨，不加一滴水", { unit: "杯" }),
    dish("watermelon-juice", "西瓜汁", "16", "夏季限定，当季麒麟瓜", { unit: "杯", season: true }),
    dish("soy-milk", "现磨豆浆", "5", "非转基因黄豆现磨", { unit: "杯", methodCategories: [sweetness()] }),
    dish("chrysanthemum-tea", "菊花枸杞茶", "28", "杭白菊配宁夏枸杞，一壶四杯", { unit: "壶" }),
    dish("mango-pomelo-sago", "杨枝甘露", ["22", "20"], "芒果西柚西米，港式甜品饮", {
      unit: "杯",
      isRecommend: true,
      estimate: 4,
    }),
    dish("coca-cola", "可口可乐", "6", "500ml 冰镇", { unit: "瓶" }),
  ]),
  ...section("酒水", null, [
    dish("tsingtao-beer", "青岛啤酒", "10", "经典 600ml", { unit: "瓶" }),
    dish("snow-beer", "雪花勇闯天涯", "8", "500ml 冰镇", { unit: "瓶" }),
    dish("draft-beer", "精酿原浆扎啤", "18", "每日鲜酿，一扎 500ml", { unit: "杯" }),
    dish("shaoxing-huadiao", "绍兴五年花雕", ["38", "35"], "温一壶黄酒，可加姜丝话梅", {
      unit: "瓶",
      methodCategories: [wineWarming()],
    }),
    dish("wuliangye", "五粮液 52度", ["1299", "1199"], "500ml 浓香型白酒", { unit: "瓶", estimate: 2 }),
    dish("jiangxiaobai", "江小白", "25", "100ml 清香型小酒", { unit: "瓶" }),
    dish("great-wall-red", "长城干红", "168", "750ml 赤霞珠", { unit: "瓶" }),
    dish("wanglaoji", "王老吉", "6", "310ml 凉茶", { unit: "罐" }),
    dish("nongfu-spring", "农夫山泉", "3", "550ml 矿泉水", { unit: "瓶" }),
  ]),
  ...section("套餐", null, [
    dish(
      "business-set-for-two",
      "双人商务套餐",
      ["128", "118"],
      "宫保鸡丁、鱼香肉丝、蚝油生菜、米饭两碗、酸梅汤两杯",
      {
        unit: "套",
        ...period("1,2,3,4,5", "11:00-14:00,17:00-21:00"),
        ...fixedSet([
          ["kung-pao-chicken", 1],
          ["yuxiang-shredded-pork", 1],
          ["oyster-sauce-lettuce", 1],
          ["steamed-rice", 2],
          ["sour-plum-drink", 2],
        ]),
      },
    ),
    dish("weekday-lunch-set", "午市牛肉面套餐", "36", "红烧牛肉面配春卷与酸梅汤", {
      unit: "套",
      ...period("0", "10:30-14:30"),
      ...fixedSet([
        ["braised-beef-noodles", 1],
        ["spring-rolls", 1],
        ["sour-plum-drink", 1],
      ]),
    }),
    dish("kids-set", "儿童欢乐套餐", "32", "番茄炒蛋、米饭、鲜榨橙汁", {
      unit: "套",
      ...fixedSet([
        ["tomato-scrambled-eggs", 1],
        ["steamed-rice", 1],
        ["fresh-orange-juice", 1],
      ]),
    }),
    dish("pick-your-own-set", "自选单人套餐", ["39", "36"], "主菜、主食、饮品各选一样", {
      unit: "套",
      isRecommend: true,
      ...pickSet(
        group("主菜", 1, [
          ["kung-pao-chicken"],
          ["yuxiang-shredded-pork"],
          ["twice-cooked-pork", 3],
          ["honey-char-siu", 5],
        ]),
        group("主食", 1, [["steamed-rice"], ["yangzhou-fried-rice", 6]]),
        group("饮品", 1, [["sour-plum-drink"], ["lemon-tea", 2], ["coca-cola"]]),
      ),
    }),
    dish("family-feast-set", "家庭欢聚套餐", ["268", "248"], "招牌菜任选两道，凉菜、汤品、米饭齐全", {
      unit: "两至三人份",
      ...pickSet(
        group("招牌菜", 2, [
          ["mao-xue-wang"],
          ["sichuan-boiled-fish"],
          ["dongpo-pork"],
          ["squirrel-mandarin-fish", 30],
        ]),
        group("凉菜", 1, [["smashed-cucumber"], ["mouth-watering-chicken"], ["century-egg-tofu"]]),
        group("汤品", 1, [["corn-rib-soup"], ["yan-du-xian", 10]]),
        // a group whose pick equals its size is always included
        group("主食", 1, [["steamed-rice"]]),
      ),
    }),
  ]),
  ...section("称重海鲜", null, [
    dish("live-sea-bass", "活鲈鱼", ["58", "52"], "鱼缸现捞现称，每条约一斤半", {
      ...byWeight(),
      isRecommend: true,
      methodCategories: [fishCooking()],
    }),
    dish("greasyback-shrimp", "基围虾", ["88", "80"], "鲜活基围虾，按斤称重", {
      ...byWeight(),
      methodCategories: [shrimpCooking()],
    }),
    dish("leopard-coral-grouper", "东星斑", MARKET, "深海活鱼，价格随行就市，以称重为准", {
      ...byWeight(),
      methodCategories: [fishCooking()],
    }),
    dish("king-crab", "帝王蟹", MARKET, "阿拉斯加帝王蟹，一蟹三吃", { ...byWeight(), estimate: 2 }),
    dish("wild-yellow-croaker", "野生大黄鱼", ["48", "45"], "东海野生，按两计价", byWeight("两")),
    dish("spicy-clams", "花甲", "38", "鲜活花甲，按斤称重", {
      ...byWeight(),
      methodCategories: [clamCooking()],
    }),
    dish(
      "hairy-crab",
      "阳澄湖大闸蟹",
      normsOf([
        ["公蟹四两", 88, 80],
        ["母蟹三两", 78, 72, true],
      ]),
      "金秋限定，清蒸配姜醋",
      { unit: "只", season: true },
    ),
    dish("sashimi-platter", "时令刺身拼盘", MARKET, "当日到港海鲜，价格请咨询服务员"),
    dish("garlic-steamed-abalone", "蒜蓉粉丝蒸鲍鱼", ["28", "25"], "大连鲜鲍，每只约二两", { unit: "只" }),
  ]),
];

/** First-level categories of a menu in menu order, each with its second-level names. */
export function categoriesOf(menu: DemoDish[]): DemoCategory[] {
  return menu.reduce<DemoCategory[]>((list, d) => {
    let category = list.find((c) => c.name === d.category);
    if (!category) {
      category = { name: d.category, seconds: [] };
      list.push(category);
    }
    if (d.secondCategory && !category.seconds.includes(d.secondCategory))
      category.seconds.push(d.secondCategory);
    return list;
  }, []);
}

export const demoCategories: DemoCategory[] = categoriesOf(demoMenu);
