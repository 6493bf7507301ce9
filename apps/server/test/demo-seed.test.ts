import {
  AVAILABLE,
  isMarketPrice,
  localClock,
  periodState,
  rechargeRuleText,
  tasteMemos,
} from "@tablemate/core";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/client.js";
import { BIG_MENU_RESTAURANT, generatedMenu } from "../src/db/demo/generated.js";
import { seedDemoMembers } from "../src/db/demo/members.js";
import { demoMenu } from "../src/db/demo/menu.js";
import { refreshDemoPeriods, seedDemo } from "../src/db/demo/seed.js";
import {
  additionStock,
  categories,
  couponTemplates,
  discountOffers,
  dishes,
  memberCampaigns,
  memberCardTypes,
  memos,
  rechargeRules,
  restaurants,
  settings,
  staffAccounts,
  staffMemberships,
  tables,
} from "../src/db/schema.js";
import { verifySecret } from "../src/modules/staff/secrets.js";

const ZONE = "Asia/Shanghai";
/** a Monday noon in Shanghai */
const SEED_NOW = new Date("2025-06-02T12:00:00+08:00");
const UNSELLABLE_NOW = "DEMO-UNSELLABLE-NOW";
const ENDING_SOON = "DEMO-ENDING-SOON";

type DishRow = typeof dishes.$inferSelect;

const inCodes = () => inArray(dishes.code, [UNSELLABLE_NOW, ENDING_SOON]);

let database: Database;
let firstSeed: Awaited<ReturnType<typeof seedDemo>>;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  await database.migrate();
  firstSeed = await seedDemo(database.db, SEED_NOW, { passwordCost: 10 });
});

afterAll(async () => {
  await database.close();
});

async function load() {
  const { db } = database;
  const all = await db.select().from(restaurants).orderBy(restaurants.id);
  return {
    restaurants: all,
    /** the seven restaurants of the menu of every dish kind */
    modeRestaurants: all.filter((r) => r.name !== BIG_MENU_RESTAURANT),
    tables: await db.select().from(tables),
    categories: await db.select().from(categories),
    dishes: await db.select().from(dishes).orderBy(dishes.sort),
    memos: await db.select().from(memos),
    additionStock: await db.select().from(additionStock),
  };
}

const countsOf = (data: Awaited<ReturnType<typeof load>>) =>
  Object.fromEntries(Object.entries(data).map(([name, rows]) => [name, rows.length]));

/** A Shanghai wall-clock time on 2025-06-0`day` as an instant. */
const shanghai = (day: number, time: string): Date => new Date(`2025-06-0${day}T${time}:00+08:00`);

function expectRelativePeriods(relative: DishRow[], now: Date): void {
  const clock = localClock(now, ZONE);
  expect(relative).toHaveLength(14);
  for (const dish of relative) {
    const state = periodState({ week: dish.salableDays, time: dish.salableTime }, clock);
    const label = `${dish.code} ${dish.salableTime} at ${now.toISOString()}`;
    expect(dish.salablePeriodType, label).toBe(1);
    if (dish.code === UNSELLABLE_NOW) expect(state.availableStatus, label).not.toBe(AVAILABLE);
    else {
      expect(state.availableStatus, label).toBe(AVAILABLE);
      expect(state.endsSoon, label).toBe(true);
    }
  }
}

describe("demo seed", () => {
  it("seeds once; a second call changes nothing", async () => {
    expect(firstSeed.seeded).toBe(true);
    const before = countsOf(await load());
    expect(await seedDemo(database.db, new Date())).toEqual({ seeded: false, owners: [] });
    expect(countsOf(await load())).toEqual(before);
    const marker = await database.db.select().from(settings);
    expect(marker).toEqual([{ key: "demo_seeded", value: SEED_NOW.toISOString() }]);
  });

  it("gives each demo restaurant one owner, whose password (answered once) is stored only as a hash", async () => {
    const { db } = database;
    const all = await db.select().from(restaurants).orderBy(restaurants.id);
    expect(firstSeed.owners.map((o) => [o.restaurantId, o.restaurantName])).toEqual(
      all.map((r) => [r.id, r.name]),
    );
    const accounts = await db.select().from(staffAccounts);
    const members = await db.select().from(staffMemberships);
    for (const owner of firstSeed.owners) {
      const account = accounts.find((a) => a.login === owner.login);
      expect(owner.password).toMatch(/^[A-Za-z0-9]{12}$/);
      expect(account?.passwordHash).toMatch(/^scrypt\$10\$8\$1\$/);
      expect(await verifySecret(owner.password, account?.passwordHash ?? "")).toBe(true);
      expect(members.filter((m) => m.accountId === account?.id)).toEqual([
        expect.objectContaining({ restaurantId: owner.restaurantId, role: "owner" }),
      ]);
    }
    expect(JSON.stringify(accounts)).not.toContain(firstSeed.owners[0]?.password);
  });

  it("gives each restaurant its member programme: 金卡, the announced recharge and 满减 offers, coupons or campaigns; once", async () => {
    const { db } = database;
    const all = await db.select().from(restaurants).orderBy(restaurants.id);
    const types = await db.select().from(memberCardTypes);
    const rules = await db.select().from(rechargeRules);
    const offers = await db.select().from(discountOffers);
    const templates = await db.select().from(couponTemplates);
    const campaigns = await db.select().from(memberCampaigns);
    for (const restaurant of all) {
      const of = <T extends { restaurantId: number }>(rows: T[]) =>
        rows.filter((r) => r.restaurantId === restaurant.id);
      expect(
        of(types).map((t) => [t.name, t.isDefault, t.isVipPrice, t.memberDay]),
        restaurant.name,
      ).toEqual([["金卡", true, true, { weekdays: [3], monthDays: [], percent: 88 }]]);
      expect(
        of(rules).map((r) =>
          rechargeRuleText({
            ...r,
            ruleId: String(r.id),
            rechargeMoney: r.rechargeCents,
            giftMoney: r.giftCents,
          }),
        ),
      ).toEqual(["充200送10", "充500送50", "充1000送120+100积分"]);
      // the discount banner's 满X减Y is an offer the pipeline applies
      const offer = of(offers)[0];
      expect(`满${(offer?.thresholdCents ?? 0) / 100}减${(offer?.reductionCents ?? 0) / 100}`).toBe(
        restaurant.discountText,
      );
      if (restaurant.crmType === "new") {
        expect(of(templates).map((t) => [t.name, t.openCardActivity])).toEqual([
          ["开卡礼 10元代金券", 1],
          ["开卡礼 满100减20", 1],
        ]);
        expect(of(campaigns)).toEqual([]);
      } else {
        expect(of(campaigns).map((c) => [c.kind, c.name])).toEqual([
          [1, "新客领券"],
          [2, "会员红包"],
        ]);
      }
    }
    // 江南食府 announces 充值500送50
    expect(all.find((r) => r.name === "江南食府")?.announcement).toContain("充值500元送50元");
    await seedDemoMembers(db, new Date());
    expect((await db.select().from(memberCardTypes)).length).toBe(types.length);
    expect((await db.select().from(rechargeRules)).length).toBe(rules.length);
    expect((await db.select().from(couponTemplates)).length).toBe(templates.length);
  });

  it("menu data: option ids unique, combo refs name dishes, image keys unique", () => {
    const ids = demoMenu.flatMap((d) => [
      ...d.norms.map((n) => n.id),
      ...d.methodCategories.flatMap((c) => c.methodList.map((m) => m.id)),
      ...d.combos.map((c) => c.id),
    ]);
    expect(new Set(ids).size).toBe(ids.length);
    const additions = new Map<number, string>();
    for (const a of demoMenu.flatMap((d) => d.additionCategories.flatMap((c) => c.additions))) {
      expect(additions.get(a.id) ?? a.name, `addition ${a.id}`).toBe(a.name);
      additions.set(a.id, a.name);
    }
    expect(ids.some((id) => additions.has(id))).toBe(false);
    const refs = new Set(demoMenu.map((d) => d.ref));
    expect(refs.size).toBe(demoMenu.length);
    expect(new Set(demoMenu.map((d) => d.imageKey)).size).toBe(demoMenu.length);
    for (const d of demoMenu) expect(d.imageKey).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const part of demoMenu.flatMap((d) => d.combos)) expect(refs.has(part.ref), part.ref).toBe(true);
    expect(demoMenu.length).toBeGreaterThanOrEqual(86);
  });

  it("generated menu data: 500 distinct dishes in 20 categories, the same at every seed", () => {
    expect(generatedMenu).toHaveLength(500);
    expect(new Set(generatedMenu.map((d) => d.name)).size).toBe(500);
    expect(new Set(generatedMenu.map((d) => d.imageKey)).size).toBe(500);
    for (const d of generatedMenu) expect(d.imageKey).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const categoryNames = [...new Set(generatedMenu.map((d) => d.category))];
    expect(categoryNames.map((name) => generatedMenu.filter((d) => d.category === name).length)).toEqual(
      Array(20).fill(25),
    );
    expect(generatedMenu.every((d) => Number(d.price) > 0 && d.combos.length === 0)).toBe(true);
    expect([generatedMenu[0]?.name, generatedMenu[499]?.name]).toEqual(["秘制红烧肉", "现磨咖啡"]);
  });

  it("eight restaurants, each with its tables and its own copy of its menu", async () => {
    const data = await load();
    expect(data.restaurants.map((r) => r.name)).toEqual([
      "川味小馆",
      "江南食府",
      "速味快餐",
      "面面俱到",
      "外送小厨",
      "宴遇私房菜",
      "百味大食堂",
      "阿婆粥铺",
    ]);
    expect(data.restaurants.map((r) => r.linkMode)).toEqual([
      "dine",
      "dine",
      "dine",
      "dine",
      "takeout",
      "reserve",
      "dine",
      "dine",
    ]);
    const byName = new Map(data.restaurants.map((r) => [r.name, r]));
    expect(byName.get("江南食府")).toMatchObject({ wctPayType: 1, crmType: "new", openRecharge: true });
    expect(byName.get("速味快餐")).toMatchObject({ fastHotel: true, foodTakingMode: 1, foodsTemplate: 3 });
    expect(byName.get("面面俱到")).toMatchObject({
      fastHotel: true,
      foodTakingMode: 2,
      fastFoodNeedPersonNum: true,
    });
    expect(Number(byName.get("外送小厨")?.startPrice)).toBe(50);
    // quick-service with no food-taking mode: the diner picks a table, a counter seat skips the pick
    const picker = byName.get("阿婆粥铺");
    expect(picker).toMatchObject({ fastHotel: true, foodTakingMode: 0 });
    expect(data.tables.filter((t) => t.restaurantId === picker?.id).map((t) => t.tableType === 6)).toContain(
      true,
    );

    const big = byName.get(BIG_MENU_RESTAURANT);
    expect(big).toMatchObject({ fastHotel: false, wctPayType: 0, foodsTemplate: 1 });
    const bigMenu = data.dishes.filter((d) => d.restaurantId === big?.id);
    expect(bigMenu).toHaveLength(500);
    expect(data.tables.filter((t) => t.restaurantId === big?.id)).toHaveLength(4);
    expect(data.categories.filter((c) => c.restaurantId === big?.id)).toHaveLength(20);
    expect(new Set(bigMenu.map((d) => d.imageKey)).size).toBe(500);

    for (const r of data.modeRestaurants) {
      const own = data.tables.filter((t) => t.restaurantId === r.id);
      expect(own.length, r.name).toBeGreaterThanOrEqual(6);
      expect(own.length, r.name).toBeLessThanOrEqual(12);
      expect(r.timezone).toBe(ZONE);

      const cats = data.categories.filter((c) => c.restaurantId === r.id);
      const catById = new Map(cats.map((c) => [c.id, c]));
      const menu = data.dishes.filter((d) => d.restaurantId === r.id);
      expect(menu.length, r.name).toBeGreaterThanOrEqual(80);
      for (const d of menu) {
        expect(catById.get(d.categoryId)?.parentId, d.name).toBeNull();
        if (d.secondCategoryId !== null) expect(catById.get(d.secondCategoryId)?.parentId).toBe(d.categoryId);
      }
      expect(new Set(menu.map((d) => d.categoryId)).size, r.name).toBeGreaterThanOrEqual(8);
      expect(
        cats.some((c) => c.parentId !== null && c.name === "其它"),
        r.name,
      ).toBe(true);
      expect(new Set(menu.map((d) => d.imageKey)).size).toBe(menu.length);
    }
    const quickService = new Set(data.restaurants.filter((r) => r.fastHotel).map((r) => r.id));
    expect(data.tables.some((t) => t.tableType === 6 && quickService.has(t.restaurantId))).toBe(true);
  });

  it("every dish kind is present in each of the seven mode restaurants", async () => {
    const data = await load();
    for (const r of data.modeRestaurants) {
      const menu = data.dishes.filter((d) => d.restaurantId === r.id);
      const menuIds = new Set(menu.map((d) => d.id));
      const has = (kind: string, test: (d: DishRow) => boolean, atLeast = 1) =>
        expect(menu.filter(test).length, `${r.name}: ${kind}`).toBeGreaterThanOrEqual(atLeast);
      const methods = (d: DishRow) => d.methodCategories.flatMap((c) => c.methodList);

      has(
        "norms with one default",
        (d) => d.norms.length >= 2 && d.norms.filter((n) => n.isDefault).length === 1,
      );
      has("大份/中份/小份", (d) =>
        ["大份", "中份", "小份"].every((size) => d.norms.some((n) => n.name === size)),
      );
      has("norm vip prices", (d) => d.norms.some((n) => n.vipPrice !== null && n.vipPrice < n.price));
      has("percentage method", (d) => methods(d).some((m) => m.markupWay === 1 && m.markupPrice > 0));
      has("fixed method", (d) => methods(d).some((m) => m.markupWay === 2 && m.markupPrice > 0));
      has("plain method", (d) => methods(d).some((m) => m.markupWay === 0));
      for (const d of menu) {
        for (const c of d.methodCategories) {
          expect(
            c.methodList.filter((m) => m.isDefault),
            `${d.name} ${c.categoryName}`,
          ).toHaveLength(1);
        }
      }
      has("additions", (d) => d.additionCategories.some((c) => c.additions.length > 0));
      has("fixed set", (d) => d.foodproperty === 1 && d.combos.length > 0);
      has("choose within groups", (d) => d.foodproperty === 3 && d.combos.some((c) => c.groupPick > 0), 1);
      for (const combo of menu.filter((d) => d.foodproperty !== 0)) {
        for (const part of combo.combos) {
          expect(menuIds.has(part.itemId), `${combo.name} → ${part.name}`).toBe(true);
          expect(menu.find((d) => d.id === part.itemId)?.name).toBe(part.name);
        }
      }
      has("weighed", (d) => d.weigh && (d.unit === "斤" || d.unit === "两"));
      has("weighed by 两", (d) => d.weigh && d.unit === "两");
      has("market price", (d) => isMarketPrice(d.price), 2);
      has("starting price", (d) => d.pricingType === 1 && d.startPrice !== null && d.startVipPrice !== null);
      has("vip price below price", (d) => d.vipPrice !== null && Number(d.vipPrice) < Number(d.price), 10);
      has("sale period", (d) => d.salablePeriodType === 1 && d.salableTime !== "0" && d.salableDays !== "0");
      has("sold out", (d) => d.estimate === 0);
      has("low stock", (d) => d.estimate >= 1 && d.estimate <= 10, 3);
      has("minimum count", (d) => d.minCount > 1);
      has("step", (d) => d.inceptStep > 1);
      has("must order per diner", (d) => d.necessary && d.mustFoodType === 1);
      has("must order per table", (d) => d.necessary && d.mustFoodType === 2 && d.mustFoodNum === 2);
      has("seasonal", (d) => d.season);
      has("recommended", (d) => d.isRecommend, 8);
      for (const unit of ["份", "个", "斤", "两", "杯", "瓶", "例", "碗"])
        has(`unit ${unit}`, (d) => d.unit === unit);
      has("long unit", (d) => d.unit.length >= 4);
      has("unsellable-now marker", (d) => d.code === UNSELLABLE_NOW);
      has("ending-soon marker", (d) => d.code === ENDING_SOON);

      const offered = new Set(
        menu.flatMap((d) => d.additionCategories.flatMap((c) => c.additions.map((a) => a.id))),
      );
      const stock = data.additionStock.filter((s) => s.restaurantId === r.id);
      expect(stock.map((s) => s.estimate).sort((a, b) => a - b)).toEqual([0, 3]);
      for (const s of stock)
        expect(offered.has(s.additionId), `${r.name} addition ${s.additionId}`).toBe(true);

      const own = data.memos.filter((m) => m.restaurantId === r.id);
      const taste = tasteMemos(own);
      expect(taste.length).toBeGreaterThanOrEqual(6);
      expect(new Set(taste.map((m) => m.number)).size).toBe(taste.length);
      expect(own.length - taste.length).toBe(2);
    }
  });

  it("the clock-relative dishes are right at seed time", async () => {
    const relative = await database.db.select().from(dishes).where(inCodes());
    expectRelativePeriods(relative, SEED_NOW);
  });

  it.each([
    [1, "00:00"],
    [2, "00:10"],
    [3, "05:30"],
    [4, "12:00"],
    [5, "20:59"],
    [6, "21:30"],
    [7, "22:59"],
    [8, "23:50"],
    [8, "23:58"],
  ])("refreshDemoPeriods keeps them right on day %i at %s", async (day, time) => {
    const now = shanghai(day, time);
    await refreshDemoPeriods(database.db, now);
    const relative = await database.db.select().from(dishes).where(inCodes());
    expectRelativePeriods(relative, now);
  });
});
