/**
 * The demo restaurants: seven, one per business mode (spec 000 §4), sharing the menu of every dish kind, and
 * one with a generated menu of 500 dishes to measure the menu's speed on (the seventh: ids stay as they were
 * before the last mode restaurant came); with tables, memos and stock. 阿婆粥铺 runs an old register
 * (2.22.00): its menu has no combos and no member prices.
 */
import type { memos, restaurants, tables } from "../schema.js";
import { BIG_MENU_RESTAURANT, generatedCategories, generatedMenu } from "./generated.js";
import { DEMO_ADDITIONS, type DemoCategory, type DemoDish, demoCategories, demoMenu } from "./menu.js";

export type DemoRestaurantRow = Omit<typeof restaurants.$inferInsert, "id" | "createdAt">;
export type DemoTable = Pick<typeof tables.$inferInsert, "name" | "tableType">;
export type DemoMemo = Pick<typeof memos.$inferInsert, "type" | "content" | "number">;

export interface DemoAdditionStock {
  /** an id of DEMO_ADDITIONS; the seed moves it into the restaurant's id block */
  additionId: number;
  estimate: number;
}

export interface DemoMenu {
  dishes: DemoDish[];
  categories: DemoCategory[];
  additionStock: DemoAdditionStock[];
}

export interface DemoRestaurant {
  restaurant: DemoRestaurantRow;
  tables: DemoTable[];
  menu: DemoMenu;
}

/** The menu of every dish kind, which each of the seven mode restaurants gets a copy of. */
const everyKindMenu: DemoMenu = {
  dishes: demoMenu,
  categories: demoCategories,
  additionStock: [
    { additionId: DEMO_ADDITIONS.cheese.id, estimate: 0 },
    { additionId: DEMO_ADDITIONS.beef.id, estimate: 3 },
  ],
};

const generated: DemoMenu = { dishes: generatedMenu, categories: generatedCategories, additionStock: [] };

/** Table type 6: a counter seat whose quick-service orders go straight to the order page. */
const COUNTER_SEAT = 6;

/** count tables named from their 1-based number */
const numbered = (count: number, name: (n: number) => string, tableType = 1): DemoTable[] =>
  Array.from({ length: count }, (_, i) => ({ name: name(i + 1), tableType }));
const twoDigits = (n: number): string => String(n).padStart(2, "0");
const named = (names: string[], tableType = 1): DemoTable[] => names.map((name) => ({ name, tableType }));

/** 阿婆粥铺's register: older than the combo (2.23.00) and vip (2.24.00) gates, so the demo shows both off. */
export const OLD_REGISTER_VERSION = "2.22.00";

// Open around the clock unless stated, so the demo can be ordered from at any hour.
const shared = { businessTime: "00:00-24:00", timezone: "Asia/Shanghai" } as const;

export const demoRestaurants: DemoRestaurant[] = [
  {
    restaurant: {
      ...shared,
      name: "川味小馆",
      linkMode: "dine",
      wctPayType: 0,
      crmType: "old",
      foodsTemplate: 1,
      recommendsTemplate: 2,
      address: "上海市徐汇区漕溪北路88号2楼",
      phone: "021-64381234",
      tags: ["川菜", "麻辣", "朋友聚餐"],
      environment: ["大厅", "包间", "无烟区"],
      hotelLabel: "川湘菜",
      description: "十五年川味老店，毛血旺、水煮鱼是镇店之宝，吃完再付款。",
      announcement: "本店菜品偏辣，点菜时可在备注中注明辣度。",
      discountText: "满100减10",
      latitude: 31.1946,
      longitude: 121.437,
    },
    tables: [...numbered(8, (n) => `A${twoDigits(n)}`), ...named(["包间-牡丹", "包间-芙蓉"])],
    menu: everyKindMenu,
  },
  {
    restaurant: {
      ...shared,
      name: "江南食府",
      linkMode: "dine",
      wctPayType: 1,
      crmType: "new",
      foodsTemplate: 2,
      recommendsTemplate: 1,
      openRecharge: true,
      address: "上海市黄浦区南京东路299号3楼",
      phone: "021-63225678",
      tags: ["本帮菜", "江浙菜", "商务宴请"],
      environment: ["江景位", "包间", "停车位"],
      hotelLabel: "江浙菜",
      description: "浓油赤酱的本帮味道，腌笃鲜与松鼠桂鱼远近闻名。扫码点餐，先付后吃。",
      announcement: "会员充值500元送50元，储值消费享会员价。",
      discountText: "满200减25",
      latitude: 31.2375,
      longitude: 121.484,
    },
    tables: [...numbered(8, (n) => `大厅${n}号桌`), ...named(["包间-兰亭", "包间-听雨"])],
    menu: everyKindMenu,
  },
  {
    restaurant: {
      ...shared,
      name: "速味快餐",
      linkMode: "dine",
      fastHotel: true,
      foodTakingMode: 1,
      crmType: "new",
      foodsTemplate: 3,
      recommendsTemplate: 1,
      address: "上海市浦东新区世纪大道1568号B1层",
      phone: "021-58761122",
      tags: ["快餐", "工作餐", "出餐快"],
      environment: ["堂食", "吧台"],
      hotelLabel: "快餐简餐",
      description: "写字楼里的中式快餐，点好付款后凭取餐号自取。",
      announcement: "午市高峰请耐心等待叫号，取餐时请出示取餐号。",
      discountText: "满30减3",
      latitude: 31.2284,
      longitude: 121.5269,
    },
    tables: [...named(["吧台1", "吧台2"], COUNTER_SEAT), ...numbered(6, twoDigits)],
    menu: everyKindMenu,
  },
  {
    restaurant: {
      ...shared,
      name: "面面俱到",
      linkMode: "dine",
      fastHotel: true,
      foodTakingMode: 2,
      crmType: "old",
      foodsTemplate: 4,
      recommendsTemplate: 2,
      fastFoodNeedPersonNum: true,
      address: "上海市静安区南京西路1266号1楼",
      phone: "021-62883399",
      tags: ["面馆", "小吃", "一人食"],
      environment: ["堂食", "靠窗吧台"],
      hotelLabel: "面馆",
      description: "一碗好面，汤头每天现熬。点单付款后坐等送餐到桌。",
      announcement: "请先选择用餐人数，再开始点单。",
      discountText: "满50减5",
      latitude: 31.2291,
      longitude: 121.4536,
    },
    tables: [...numbered(8, (n) => `${n}号桌`), ...named(["靠窗吧台"], COUNTER_SEAT)],
    menu: everyKindMenu,
  },
  {
    restaurant: {
      ...shared,
      name: "外送小厨",
      linkMode: "takeout",
      // 起送价 on the goods; ¥6 delivery on top, never discounted; 30 minutes to the door (issue 25)
      startPrice: "50",
      deliveryFeeCents: 600,
      deliveryMinutes: 30,
      // the demo's one restaurant that texts a verification code to the diner's phone (2008)
      verifyPhone: true,
      crmType: "new",
      foodsTemplate: 2,
      recommendsTemplate: 1,
      address: "上海市杨浦区国定路335号",
      phone: "021-65437788",
      tags: ["外卖", "家常菜", "准时达"],
      environment: ["外卖自提"],
      hotelLabel: "外卖",
      description: "家常小炒送到家，三公里内半小时送达。",
      announcement: "外送起送价50元，配送费6元，约30分钟送达。",
      discountText: "满80减8",
      latitude: 31.3042,
      longitude: 121.5106,
    },
    tables: numbered(6, (n) => `外送${twoDigits(n)}`),
    menu: everyKindMenu,
  },
  {
    restaurant: {
      ...shared,
      name: "宴遇私房菜",
      linkMode: "reserve",
      // the one restaurant with real opening hours: a booking is for a time within them (reservations
      // only, so the menu still takes one while it is closed now)
      businessTime: "10:00-22:00",
      crmType: "new",
      foodsTemplate: 1,
      recommendsTemplate: 1,
      address: "上海市长宁区愚园路1088弄6号",
      phone: "021-62127766",
      tags: ["私房菜", "预订制", "宴请"],
      environment: ["老洋房", "包间", "花园"],
      hotelLabel: "私房菜",
      description: "老洋房里的私房宴席，提前预订，按位定制菜单。",
      announcement: "本店仅接受预订，请至少提前一天预约。",
      discountText: "满500减50",
      latitude: 31.2198,
      longitude: 121.4282,
    },
    tables: [
      ...named(["包间-牡丹", "包间-海棠", "包间-听松", "包间-观澜", "包间-揽月", "包间-清风"]),
      ...numbered(2, (n) => `大厅${n}号桌`),
    ],
    menu: everyKindMenu,
  },
  {
    restaurant: {
      ...shared,
      name: BIG_MENU_RESTAURANT,
      linkMode: "dine",
      wctPayType: 0,
      crmType: "new",
      foodsTemplate: 1,
      recommendsTemplate: 1,
      address: "上海市闵行区莘庄工业区春东路508号",
      phone: "021-54407788",
      tags: ["大众餐饮", "品类齐全", "家庭聚餐"],
      environment: ["大厅", "包间"],
      hotelLabel: "中餐",
      description: "五百道菜一本菜单：凉菜热菜、烧腊海鲜、面点甜品一应俱全，吃完再付款。",
      announcement: "菜品较多，可点左侧分类快速查找。",
      discountText: "满150减15",
      latitude: 31.1113,
      longitude: 121.3852,
    },
    tables: numbered(4, (n) => `${n}号桌`),
    menu: generated,
  },
  {
    restaurant: {
      ...shared,
      name: "阿婆粥铺",
      linkMode: "dine",
      // quick-service without a food-taking mode: the diner picks the table the order goes to
      fastHotel: true,
      foodTakingMode: 0,
      // the demo's one old register (spec 000 §9): below 2.23.00 no combos, below 2.24.00 no member prices
      serverVersion: OLD_REGISTER_VERSION,
      crmType: "new",
      foodsTemplate: 2,
      recommendsTemplate: 2,
      address: "上海市虹口区四川北路1666号1楼",
      phone: "021-56961188",
      tags: ["粥铺", "面食", "早餐夜宵"],
      environment: ["堂食", "吧台"],
      hotelLabel: "粥面小吃",
      description: "砂锅慢熬的生滚粥和手擀面，扫码点单时选好桌台，做好直接送到桌上。",
      announcement: "下单时请选择您就座的桌台，吧台座位无需选择。",
      discountText: "满40减4",
      latitude: 31.2631,
      longitude: 121.4838,
    },
    tables: [...numbered(6, (n) => `${n}号台`), ...named(["吧台"], COUNTER_SEAT)],
    menu: everyKindMenu,
  },
];

/** Every restaurant's memos: KOU_WEI are the comment tags; the others are whole-order notes the client hides. */
export const demoMemos: DemoMemo[] = [
  ...["少辣", "不要香菜", "多放葱", "少盐少油", "不要味精", "免葱姜蒜", "加辣"].map((content, i, all) => ({
    type: "KOU_WEI",
    content,
    number: all.length - i,
  })),
  { type: "ZHENG_DAN", content: "尽快上菜", number: 2 },
  { type: "ZHENG_DAN", content: "整单打包", number: 1 },
];
