/**
 * The menu of the large demo restaurant (百味大食堂): 500 plain dishes in 20 categories, composed from small
 * word lists (a way of cooking × a main ingredient), so the menu's speed can be measured on a long list.
 * Everything is derived from the lists' positions: every seed produces the same menu.
 */
import { categoriesOf, type DemoCategory, type DemoDish, dish, section } from "./menu.js";

/** The demo restaurant with this menu; the menu-speed benchmark finds its table links by this name. */
export const BIG_MENU_RESTAURANT = "百味大食堂";

interface GeneratedCategory {
  name: string;
  unit: string;
  /** the lowest price in the category, in yuan */
  from: number;
  /** 5 ways of cooking × 5 ingredients: 25 dishes */
  methods: [string, string, string, string, string];
  ingredients: [string, string, string, string, string];
}

const CATEGORIES: GeneratedCategory[] = [
  {
    name: "招牌推荐",
    unit: "份",
    from: 68,
    methods: ["秘制", "招牌", "古法", "酱香", "金汤"],
    ingredients: ["红烧肉", "烤鸭", "肥牛", "鱼头", "牛腩"],
  },
  {
    name: "开胃凉菜",
    unit: "份",
    from: 16,
    methods: ["凉拌", "老醋", "蒜泥", "红油", "葱油"],
    ingredients: ["木耳", "黄瓜", "海蜇", "腐竹", "藕片"],
  },
  {
    name: "川湘小炒",
    unit: "份",
    from: 36,
    methods: ["小炒", "干煸", "剁椒", "爆炒", "香辣"],
    ingredients: ["黄牛肉", "鸡丁", "肥肠", "猪肝", "田鸡"],
  },
  {
    name: "粤式烧腊",
    unit: "份",
    from: 46,
    methods: ["蜜汁", "脆皮", "豉油", "玫瑰", "白切"],
    ingredients: ["叉烧", "烧鹅", "乳鸽", "猪手", "鸡"],
  },
  {
    name: "家常热菜",
    unit: "份",
    from: 30,
    methods: ["红烧", "糖醋", "鱼香", "宫保", "京酱"],
    ingredients: ["排骨", "里脊", "茄子", "肉丝", "虾球"],
  },
  {
    name: "时令蔬菜",
    unit: "份",
    from: 20,
    methods: ["清炒", "蒜蓉", "上汤", "白灼", "腐乳"],
    ingredients: ["菜心", "西兰花", "空心菜", "娃娃菜", "生菜"],
  },
  {
    name: "豆腐蛋品",
    unit: "份",
    from: 18,
    methods: ["家常", "麻婆", "鲜虾", "铁板", "香煎"],
    ingredients: ["豆腐", "日本豆腐", "蒸蛋", "厚蛋烧", "千页豆腐"],
  },
  {
    name: "猪肉",
    unit: "份",
    from: 40,
    methods: ["回锅", "梅菜", "蒜香", "椒盐", "咸蛋黄"],
    ingredients: ["五花肉", "扣肉", "猪颈肉", "排条", "猪软骨"],
  },
  {
    name: "牛羊肉",
    unit: "份",
    from: 56,
    methods: ["孜然", "黑椒", "葱爆", "沙茶", "番茄"],
    ingredients: ["羊肉", "牛柳", "牛仔骨", "羊排", "牛腩块"],
  },
  {
    name: "鸡鸭禽类",
    unit: "份",
    from: 42,
    methods: ["三杯", "口水", "辣子", "啤酒", "黄焖"],
    ingredients: ["鸡", "鸭", "鹅", "鸡翅", "鸡爪"],
  },
  {
    name: "鱼鲜",
    unit: "条",
    from: 66,
    methods: ["清蒸", "酸菜", "水煮", "红烧", "豆豉"],
    ingredients: ["鲈鱼", "草鱼", "鳜鱼", "黄花鱼", "鲫鱼"],
  },
  {
    name: "虾蟹贝类",
    unit: "份",
    from: 76,
    methods: ["避风塘", "蒜蓉粉丝", "椒盐", "香辣", "姜葱"],
    ingredients: ["濑尿虾", "花蛤", "扇贝", "青蟹", "大虾"],
  },
  {
    name: "滋补汤羹",
    unit: "例",
    from: 26,
    methods: ["番茄", "冬瓜", "紫菜", "菌菇", "莲藕"],
    ingredients: ["蛋花汤", "排骨汤", "丸子汤", "豆腐羹", "鸡汤"],
  },
  {
    name: "砂锅煲仔",
    unit: "煲",
    from: 50,
    methods: ["啫啫", "砂锅", "石锅", "粉丝", "咖喱"],
    ingredients: ["鸡煲", "鱼头煲", "牛腩煲", "肥肠煲", "虾煲"],
  },
  {
    name: "干锅铁板",
    unit: "份",
    from: 52,
    methods: ["干锅", "铁板", "香锅", "麻辣", "酱爆"],
    ingredients: ["花菜", "鱿鱼", "牛蛙", "土豆片", "茶树菇"],
  },
  {
    name: "面食",
    unit: "碗",
    from: 20,
    methods: ["牛肉", "酸菜", "番茄鸡蛋", "炸酱", "葱油"],
    ingredients: ["拉面", "刀削面", "米线", "手擀面", "河粉"],
  },
  {
    name: "米饭炒饭",
    unit: "份",
    from: 24,
    methods: ["扬州", "菠萝", "咸鱼鸡粒", "腊味", "黄金"],
    ingredients: ["炒饭", "煲仔饭", "焗饭", "盖饭", "拌饭"],
  },
  {
    name: "点心小吃",
    unit: "笼",
    from: 14,
    methods: ["鲜虾", "叉烧", "奶黄", "韭菜", "香菇"],
    ingredients: ["烧卖", "包", "饺", "春卷", "酥"],
  },
  {
    name: "甜品",
    unit: "份",
    from: 16,
    methods: ["杨枝", "芒果", "椰汁", "红豆", "桂花"],
    ingredients: ["甘露", "布丁", "西米露", "双皮奶", "糕"],
  },
  {
    name: "饮品",
    unit: "杯",
    from: 10,
    methods: ["鲜榨", "冰镇", "手打", "热", "现磨"],
    ingredients: ["橙汁", "柠檬茶", "酸梅汤", "豆浆", "咖啡"],
  },
];

const NOTES = ["现点现做", "每日新鲜到货", "店内人气之选", "分量足，适合分享", "少油少盐", "老师傅掌勺"];

const twoDigits = (n: number): string => String(n).padStart(2, "0");

function generatedSection(category: GeneratedCategory, c: number): DemoDish[] {
  const step = Math.max(1, Math.round(category.from / 10));
  const rows = category.methods.flatMap((method, m) =>
    category.ingredients.map((ingredient, i) => {
      const n = m * category.ingredients.length + i;
      const price = category.from + ((m * 3 + i * 5) % 9) * step;
      const member = (m + i) % 3 === 0;
      return dish(
        `bw-${twoDigits(c + 1)}-${twoDigits(n + 1)}`,
        `${method}${ingredient}`,
        member ? [String(price), String(price - step)] : String(price),
        `${method}风味，${NOTES[(c + n) % NOTES.length]}`,
        {
          unit: category.unit,
          isRecommend: n === 0,
          // one dish in a hundred is sold out, as a real evening's menu has a few
          estimate: (c * 25 + n) % 100 === 37 ? 0 : -1,
        },
      );
    }),
  );
  return section(category.name, null, rows);
}

export const generatedMenu: DemoDish[] = CATEGORIES.flatMap(generatedSection);
export const generatedCategories: DemoCategory[] = categoriesOf(generatedMenu);
