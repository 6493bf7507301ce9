/**
 * The demo menus' allergen and diet declarations (issue 29): every demo dish declares what it contains,
 * so a newcomer sees marks on every card. Sauces count: soy sauce and doubanjiang bring soybeans and
 * gluten, oyster sauce molluscs, rice wine sulphites. Options declare theirs by name (加蛋 eggs, 加芝士 milk).
 * The large generated menu (百味大食堂) declares by its ingredient words.
 */
import type { Allergen, Diet } from "@tablemate/core";
import type { DemoDish } from "./menu.js";

type Declaration = [allergens: Allergen[], diets?: Diet[]];

const SAUCED: Allergen[] = ["gluten", "soybeans"];
const VEGAN: Diet[] = ["vegetarian", "vegan"];

/** By the dish's ref (demo/menu.ts). */
const DISHES: Record<string, Declaration> = {
  "mao-xue-wang": [SAUCED],
  "sichuan-boiled-fish": [["fish", ...SAUCED]],
  "dongpo-pork": [SAUCED],
  "peking-duck": [SAUCED],
  "squirrel-mandarin-fish": [["fish", "gluten"]],
  "chopped-chili-fish-head": [["fish"]],
  "braised-lion-head": [["eggs", ...SAUCED]],
  "spicy-stir-fry-pot": [["peanuts", "sesame", ...SAUCED]],
  "smashed-cucumber": [[], VEGAN],
  "mouth-watering-chicken": [["peanuts", "sesame", "soybeans"]],
  "fuqi-feipian": [["peanuts", "sesame", "soybeans"]],
  "wood-ear-salad": [[], VEGAN],
  "century-egg-tofu": [["eggs", "soybeans"], ["vegetarian"]],
  "garlic-pork-slices": [SAUCED],
  "marinated-platter": [["eggs", "soybeans"]],
  "wuxi-spare-ribs": [SAUCED],
  "drunken-chicken": [["sulphites"]],
  "vinegar-peanuts": [["peanuts"], VEGAN],
  "kung-pao-chicken": [["peanuts", ...SAUCED]],
  "yuxiang-shredded-pork": [SAUCED],
  "mapo-tofu": [SAUCED],
  "twice-cooked-pork": [SAUCED],
  "chongqing-chili-chicken": [["sesame"]],
  "dry-fried-green-beans": [["soybeans"]],
  "sichuan-boiled-beef": [SAUCED],
  "pickled-cabbage-fish": [["fish"]],
  "pepper-pork-intestines": [["soybeans"]],
  "green-pepper-pork": [["soybeans"]],
  "white-cut-chicken": [[]],
  "honey-char-siu": [SAUCED],
  "black-bean-spareribs": [["soybeans"]],
  "oyster-sauce-lettuce": [["molluscs", ...SAUCED]],
  "beef-chow-fun": [SAUCED],
  "roast-goose": [["soybeans"]],
  "sweet-sour-pork": [["gluten", "eggs"]],
  "zhezhe-chicken-pot": [SAUCED],
  "tomato-scrambled-eggs": [["eggs"], ["vegetarian"]],
  "di-san-xian": [SAUCED, VEGAN],
  "sweet-sour-tenderloin": [["gluten", "eggs"]],
  "jingjiang-pork": [SAUCED],
  "braised-eggplant": [SAUCED, VEGAN],
  "cumin-lamb": [[], ["halal"]],
  "seasonal-greens": [[], VEGAN],
  "farmhouse-pork": [["soybeans"]],
  "tomato-egg-soup": [["eggs"], ["vegetarian"]],
  "hot-sour-soup": [["eggs", ...SAUCED]],
  "sour-radish-duck-soup": [[]],
  "corn-rib-soup": [[]],
  "seaweed-egg-soup": [["eggs", "crustaceans"]],
  "yan-du-xian": [[]],
  "fish-maw-chicken-soup": [["fish"]],
  "steamed-rice": [[], VEGAN],
  "yangzhou-fried-rice": [["crustaceans", "eggs"]],
  "dandan-noodles": [["peanuts", "sesame", ...SAUCED]],
  "braised-beef-noodles": [SAUCED],
  "scallion-oil-noodles": [SAUCED, VEGAN],
  "steamed-bun": [["gluten"], VEGAN],
  "chive-egg-dumplings": [["gluten", "eggs"], ["vegetarian"]],
  "century-egg-congee": [["eggs"]],
  xiaolongbao: [["crustaceans", ...SAUCED]],
  "shengjian-bao": [["sesame", ...SAUCED]],
  "spring-rolls": [SAUCED],
  "scallion-pancake": [["gluten"], VEGAN],
  "lamb-skewers": [[], ["halal"]],
  "stinky-tofu": [["soybeans"], ["vegetarian"]],
  "brown-sugar-ciba": [[], VEGAN],
  "garlic-grilled-oysters": [["molluscs"]],
  "pumpkin-cakes": [[], VEGAN],
  "har-gow": [["crustaceans", "gluten"]],
  "truffle-shaomai": [SAUCED],
  "sichuan-pepper-chicken": [["sesame", "soybeans"]],
  "tea-seat": [["gluten"], VEGAN],
  "sour-plum-drink": [[], VEGAN],
  "lemon-tea": [[], VEGAN],
  "bubble-milk-tea": [["milk"], ["vegetarian"]],
  "fresh-orange-juice": [[], VEGAN],
  "watermelon-juice": [[], VEGAN],
  "soy-milk": [["soybeans"], VEGAN],
  "chrysanthemum-tea": [[], VEGAN],
  "mango-pomelo-sago": [["milk"], ["vegetarian"]],
  "coca-cola": [[], VEGAN],
  "tsingtao-beer": [["gluten"], VEGAN],
  "snow-beer": [["gluten"], VEGAN],
  "draft-beer": [["gluten"], VEGAN],
  "shaoxing-huadiao": [["gluten", "sulphites"]],
  wuliangye: [[], VEGAN],
  jiangxiaobai: [[], VEGAN],
  "great-wall-red": [["sulphites"], VEGAN],
  wanglaoji: [[], VEGAN],
  "nongfu-spring": [[], VEGAN],
  // combos: the parts carry their own dishes' allergens (the seed copies them)
  "business-set-for-two": [[]],
  "weekday-lunch-set": [[]],
  "kids-set": [[]],
  "pick-your-own-set": [[]],
  "family-feast-set": [[]],
  "live-sea-bass": [["fish"]],
  "greasyback-shrimp": [["crustaceans"]],
  "leopard-coral-grouper": [["fish"]],
  "king-crab": [["crustaceans"]],
  "wild-yellow-croaker": [["fish"]],
  "spicy-clams": [["molluscs"]],
  "hairy-crab": [["crustaceans"]],
  "sashimi-platter": [["fish", "crustaceans", "molluscs"]],
  "garlic-steamed-abalone": [["molluscs", "soybeans"]],
};

/** Options (norms, methods, additions) by name: what choosing one adds. */
const OPTIONS: Record<string, Allergen[]> = {
  加蛋: ["eggs"],
  加芝士: ["milk"],
  加面: ["gluten"],
  加午餐肉: ["soybeans"],
  红烧: SAUCED,
  酒煮: ["sulphites"],
  加姜丝话梅: ["sulphites"],
};

/** The generated menu's ingredient words and what they contain. */
const WORDS: Array<[RegExp, Allergen[]]> = [
  [/鱼|鳕|鲈/, ["fish"]],
  [/虾|蟹/, ["crustaceans"]],
  [/海蜇|蛤|贝|鲍|鱿|蚝/, ["molluscs"]],
  [/蛋/, ["eggs"]],
  [/面|饺|包|饼|馒头|烧卖/, ["gluten"]],
  [/豆腐|腐竹|豆干|豆浆|酱/, ["soybeans"]],
  [/花生/, ["peanuts"]],
  [/芝麻|麻酱/, ["sesame"]],
  [/奶|芝士/, ["milk"]],
];

function byWords(name: string): Declaration {
  return [WORDS.flatMap(([pattern, allergens]) => (pattern.test(name) ? allergens : []))];
}

const withOptionAllergens = <T extends { name: string }>(option: T): T => {
  const allergens = OPTIONS[option.name];
  return allergens ? { ...option, allergens } : option;
};

/** A demo dish as declared: its own allergens and diets, and each option's. */
export function declaredDemoDish(d: DemoDish): DemoDish & { allergens: Allergen[]; diets: Diet[] } {
  const [allergens, diets = []] = DISHES[d.ref] ?? byWords(d.name);
  return {
    ...d,
    allergens: [...new Set(allergens)],
    diets,
    norms: d.norms.map(withOptionAllergens),
    methodCategories: d.methodCategories.map((c) => ({
      ...c,
      methodList: c.methodList.map(withOptionAllergens),
    })),
    additionCategories: d.additionCategories.map((c) => ({
      ...c,
      additions: c.additions.map(withOptionAllergens),
    })),
  };
}
