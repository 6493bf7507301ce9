import {
  API,
  type ConsoleDish,
  type ConsoleTranslations,
  categoryListSchema,
  consoleMenuSchema,
  consoleTranslationsSchema,
  type Dish,
  dishListSchema,
  type MenuSnapshot,
  memoListSchema,
  menuTranslationSchema,
  type StaffRole,
} from "@tablemate/core";
import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_MENU_EN } from "../src/db/demo/menu-en.js";
import { menuTranslations, orderLines, tables } from "../src/db/schema.js";
import { BACKENDS } from "./support/databases.js";
import { json, startTestApp, type TestApp } from "./support/harness.js";
import { type DemoRestaurant, Diner, demoRestaurants, PLAIN } from "./support/ordering.js";
import { staffHeaders } from "./support/staff.js";
import { fakeWebDist, pageDataOf } from "./support/web-dist.js";

/** The roles without menu rights: refused (403), nothing changes. */
const NOT_MENU: StaffRole[] = ["cashier", "waiter", "kitchen"];

describe.each(BACKENDS)("menu translations on %s", (backend) => {
  let app: TestApp;
  /** 江南食府: the demo translates its menu into English */
  let translated: DemoRestaurant;
  /** 川味小馆: the same menu, in Chinese only; the tests translate it */
  let mine: DemoRestaurant;
  let owner: Record<string, string>;

  beforeAll(async () => {
    app = await startTestApp(backend, {
      env: {
        RATE_LIMIT_PER_MINUTE: "100000",
        WEB_DIST: fakeWebDist("export function renderFirstScreen() { return ''; }"),
        ROUTER_PREFIX: "",
      },
    });
    const find = await demoRestaurants(app);
    translated = find((r) => r.name === "江南食府");
    mine = find((r) => r.name === "川味小馆");
    owner = await staffHeaders(app, mine.id, "owner");
  });
  afterAll(async () => {
    await app.close();
  });

  const call = (
    method: "GET" | "PUT",
    url: string,
    payload?: unknown,
    headers: Record<string, string> = owner,
  ): Promise<LightMyRequestResponse> =>
    app.server.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const get = (url: string) => app.server.inject({ method: "GET", url });

  async function languagesOnPage(rid: number) {
    const page = await get(`/?hotelid=${rid}`);
    return (pageDataOf(page.body).menu as MenuSnapshot).languages;
  }

  async function editor(lang = "en-US"): Promise<ConsoleTranslations> {
    const answer = await call("GET", `${API.consoleTranslations(mine.id)}?lang=${lang}`);
    expect(answer.statusCode).toBe(200);
    return consoleTranslationsSchema.parse(json(answer).data);
  }

  const save = (texts: Array<{ source: string; text: string }>, lang = "en-US", headers = owner) =>
    call("PUT", API.consoleTranslations(mine.id), { lang, texts }, headers);

  it("offers English at 江南食府 only, and its whole menu reads in English when asked", async () => {
    expect(await languagesOnPage(translated.id)).toEqual({ base: "zh-CN", offered: ["en-US"] });
    expect(await languagesOnPage(mine.id)).toEqual({ base: "zh-CN", offered: [] });

    const answer = await get(`${API.menuTranslation}?rid=${translated.id}&lang=en-us`);
    expect(answer.statusCode).toBe(200);
    const translation = menuTranslationSchema.parse(json(answer).data);
    expect([translation.lang, translation.offered]).toEqual(["en-US", ["en-US"]]);

    const base = dishListSchema.parse(json(await get(`${API.foodList}?restaurantId=${translated.id}`)).data);
    const english = dishListSchema.parse(
      json(await get(`${API.foodList}?restaurantId=${translated.id}&lang=en-US`)).data,
    );
    expect(english.map((d) => [d.id, d.price, d.allergens])).toEqual(
      base.map((d) => [d.id, d.price, d.allergens]),
    );
    const kungPao = english.find((d) => base.find((b) => b.id === d.id)?.name === "宫保鸡丁");
    expect([kungPao?.name, kungPao?.unit]).toEqual(["Kung pao chicken", "serving"]);
    // every text a diner reads is English: none is left in Chinese, and each is the call's translation
    const chinese = /[\u4e00-\u9fff]/;
    for (const dish of english) {
      const words = [
        dish.name,
        dish.intro,
        dish.unit,
        dish.type,
        ...dish.norms.map((n) => n.name),
        ...dish.methodCategories.flatMap((c) => [c.categoryName, ...c.methodList.map((m) => m.name)]),
        ...dish.additionCategories.flatMap((c) => [c.categoryName, ...c.additions.map((a) => a.name)]),
        ...dish.combosList.flatMap((p) => [p.name, p.groupName]),
      ];
      expect(
        words.filter((w) => chinese.test(w)),
        dish.name,
      ).toEqual([]);
    }
    expect(Object.values(translation.texts).some((t) => t === kungPao?.name)).toBe(true);
    const categories = categoryListSchema.parse(
      json(await get(`${API.foodCategory}?restaurantId=${translated.id}&lang=en-US`)).data,
    );
    expect(categories.map((c) => c.dishesTypeName)).toContain("Signature dishes");
    const memos = memoListSchema.parse(json(await get(`${API.memos}?rid=${translated.id}&lang=en-US`)).data);
    expect(memos.map((m) => m.content)).toContain("No coriander");
    const recommends = dishListSchema.parse(
      json(await get(`${API.recommend}?rid=${translated.id}&lang=en-US`)).data,
    );
    expect(recommends.every((d) => !chinese.test(d.name))).toBe(true);
  });

  it("answers the base text without a language, and refuses a language the menu is not wholly in", async () => {
    const list = dishListSchema.parse(
      json(await get(`${API.foodList}?restaurantId=${mine.id}&lang=en-US`)).data,
    );
    expect(list.some((d) => d.name === "宫保鸡丁")).toBe(true);
    const refused = await get(`${API.menuTranslation}?rid=${mine.id}&lang=en-US`);
    expect([refused.statusCode, json(refused).message]).toEqual([404, "该语言的菜单尚未翻译完整"]);
    // the base asks for nothing to translate
    const base = menuTranslationSchema.parse(
      json(await get(`${API.menuTranslation}?rid=${mine.id}&lang=zh-CN`)).data,
    );
    expect(base.texts).toEqual({});
    for (const lang of ["english", "en_US", "..%2F", "x".repeat(40), "e1-US"]) {
      const bad = await get(`${API.menuTranslation}?rid=${mine.id}&lang=${lang}`);
      expect(bad.statusCode, lang).toBe(400);
      expect((await get(`${API.foodList}?restaurantId=${mine.id}&lang=${lang}`)).statusCode, lang).toBe(400);
    }
  });

  it("counts a language's completeness, offers it once whole, and a changed text takes it back", async () => {
    const start = await editor();
    const coverage = start.languages.find((l) => l.lang === "en-US");
    expect(coverage).toMatchObject({ translated: 0, offered: false });
    const total = coverage?.total ?? 0;
    expect(total).toBeGreaterThan(200);
    const kungPao = start.items.find((i) => i.source === "宫保鸡丁");
    expect(kungPao).toMatchObject({ required: true, text: null });
    expect(kungPao?.places[0]).toMatchObject({ kind: "dish" });

    const one = await save([{ source: "宫保鸡丁", text: "Kung pao chicken" }]);
    expect(one.statusCode).toBe(200);
    const after = consoleTranslationsSchema.parse(json(one).data);
    expect(after.languages.find((l) => l.lang === "en-US")).toMatchObject({
      translated: 1,
      total,
      offered: false,
    });
    expect(after.items.find((i) => i.source === "宫保鸡丁")?.text).toBe("Kung pao chicken");

    // the rest of the menu, as the demo's translator wrote it, and this restaurant's own announcement
    const rest = after.items
      .filter((i) => i.text === null)
      .map((i) => ({ source: i.source, text: DEMO_MENU_EN[i.source] ?? `EN ${i.source.length}` }));
    expect((await save(rest)).statusCode).toBe(200);
    const whole = await editor();
    expect(whole.languages.find((l) => l.lang === "en-US")).toMatchObject({
      translated: total,
      offered: true,
    });
    expect(await languagesOnPage(mine.id)).toEqual({ base: "zh-CN", offered: ["en-US"] });
    const english = dishListSchema.parse(
      json(await get(`${API.foodList}?restaurantId=${mine.id}&lang=en-US`)).data,
    );
    expect(english.some((d) => d.name === "Kung pao chicken")).toBe(true);

    // the kitchen, the display and the bill keep the restaurant's words, whatever the diner read
    const dish = english.find((d) => d.name === "Kung pao chicken") as Dish;
    const [table] = await app.db.select().from(tables).where(eq(tables.restaurantId, mine.id));
    if (!table) throw new Error("no table");
    const diner = await new Diner(app, "translationsdinerguid1", {
      restaurantId: mine.id,
      tableId: table.id,
      sid: app.signer.tableToken(mine.id, table.id),
    }).sit();
    const spicy = dish.methodCategories[0]?.methodList[0]?.id;
    await diner.add(dish.id, { ...PLAIN, methodIds: spicy === undefined ? [] : [spicy] });
    const submitted = json(await diner.submit());
    expect(submitted.code).toBe(1000);
    const orderId = (submitted.data as { orderId: number }).orderId;
    const [line] = await app.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect([line?.name, line?.unit, line?.methodNames]).toEqual(["宫保鸡丁", "份", ["微辣"]]);

    // renaming a dish makes a new text: English is taken back until it is translated
    const menu = consoleMenuSchema.parse(json(await call("GET", API.consoleMenu(mine.id))).data);
    const dongpo = menu.dishes.find((d) => d.name === "东坡肉") as ConsoleDish;
    const { id, sort, recommendSort, estimate, imageUrl, ...input } = dongpo;
    const renamed = await call("PUT", API.consoleDish(mine.id, id), {
      ...input,
      name: "东坡肉（新）",
      combos: input.combos.map(({ name, ...part }) => part),
    });
    expect(renamed.statusCode).toBe(200);
    const partial = await editor();
    expect(partial.languages.find((l) => l.lang === "en-US")).toMatchObject({ offered: false });
    expect(partial.items.filter((i) => i.required && i.text === null).map((i) => i.source)).toEqual([
      "东坡肉（新）",
    ]);
    expect(await languagesOnPage(mine.id)).toEqual({ base: "zh-CN", offered: [] });
    const base = dishListSchema.parse(
      json(await get(`${API.foodList}?restaurantId=${mine.id}&lang=en-US`)).data,
    );
    expect(base.some((d) => d.name === "宫保鸡丁")).toBe(true);
    // an empty translation removes one
    expect((await save([{ source: "宫保鸡丁", text: "" }])).statusCode).toBe(200);
    expect((await editor()).items.find((i) => i.source === "宫保鸡丁")?.text).toBeNull();
  });

  it("refuses staff without menu rights, another restaurant, and malformed or oversized input; changes nothing", async () => {
    const rows = () =>
      app.db
        .select()
        .from(menuTranslations)
        .where(and(eq(menuTranslations.restaurantId, mine.id), eq(menuTranslations.lang, "ja-JP")));
    for (const role of NOT_MENU) {
      const headers = await staffHeaders(app, mine.id, role);
      expect(
        (await call("GET", `${API.consoleTranslations(mine.id)}?lang=ja-JP`, undefined, headers)).statusCode,
      ).toBe(403);
      expect((await save([{ source: "宫保鸡丁", text: "宮保鶏丁" }], "ja-JP", headers)).statusCode).toBe(403);
    }
    expect(
      (await app.server.inject({ method: "GET", url: `${API.consoleTranslations(mine.id)}?lang=ja-JP` }))
        .statusCode,
    ).toBe(401);
    // mine's owner at 江南食府's editor: not theirs
    expect((await call("GET", `${API.consoleTranslations(translated.id)}?lang=en-US`)).statusCode).toBe(403);
    const theirs = await call("PUT", API.consoleTranslations(translated.id), {
      lang: "en-US",
      texts: [{ source: "宫保鸡丁", text: "hacked" }],
    });
    expect(theirs.statusCode).toBe(403);
    // 江南食府's announcement is not a text of mine's menu
    const notOurs = await save([{ source: translated.announcement, text: "x" }], "ja-JP");
    expect([notOurs.statusCode, json(notOurs).message]).toEqual([400, expect.stringContaining("菜单中没有")]);
    const cases: Array<[string, unknown]> = [
      ["base language", { lang: "zh-CN", texts: [{ source: "宫保鸡丁", text: "宫保鸡丁" }] }],
      ["bad tag", { lang: "japanese", texts: [{ source: "宫保鸡丁", text: "a" }] }],
      ["tag with a path", { lang: "../ja", texts: [{ source: "宫保鸡丁", text: "a" }] }],
      ["huge translation", { lang: "ja-JP", texts: [{ source: "宫保鸡丁", text: "あ".repeat(601) }] }],
      ["huge source", { lang: "ja-JP", texts: [{ source: "宫".repeat(301), text: "a" }] }],
      ["no texts", { lang: "ja-JP", texts: [] }],
      [
        "too many texts",
        { lang: "ja-JP", texts: Array.from({ length: 501 }, (_, i) => ({ source: `s${i}`, text: "a" })) },
      ],
      [
        "a source twice",
        {
          lang: "ja-JP",
          texts: [
            { source: "宫保鸡丁", text: "a" },
            { source: "宫保鸡丁", text: "b" },
          ],
        },
      ],
      ["not text", { lang: "ja-JP", texts: [{ source: 12, text: ["a"] }] }],
    ];
    for (const [name, body] of cases) {
      const answer = await call("PUT", API.consoleTranslations(mine.id), body);
      expect(answer.statusCode, name).toBe(400);
    }
    expect(await rows()).toEqual([]);
    const canonical = await save([{ source: "宫保鸡丁", text: "宮保鶏丁" }], "JA-jp");
    expect(consoleTranslationsSchema.parse(json(canonical).data).lang).toBe("ja-JP");
    expect((await rows()).map((r) => r.text)).toEqual(["宮保鶏丁"]);
  });
});
