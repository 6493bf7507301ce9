import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ALLERGEN_NAMES,
  ALLERGENS,
  type Allergen,
  allergenConflicts,
  allergenWords,
  allergyLine,
  avoidingChoice,
  DIET_NAMES,
  DIETS,
  dietWords,
  dishAllergenVerdict,
  lineAllergens,
  possibleAllergens,
  sortAllergens,
  startingChoiceAvoiding,
} from "../src/allergens.js";
import { type ComboItem, type Dish, dishSchema } from "../src/contract/menu.js";
import { comboGroups, startingChoice } from "../src/line-choice.js";
import { checkChoice } from "../src/line-rules.js";
import type { LineChoice } from "../src/pricing.js";
import { makeDish } from "./fixtures.js";

const codes = fc.subarray([...ALLERGENS]);

/** A dish with allergens on itself and on every kind of option, each option's set drawn apart. */
const dishWithOptions = fc
  .record({
    own: codes,
    norms: fc.array(codes, { maxLength: 3 }),
    methods: fc.array(codes, { maxLength: 3 }),
    additions: fc.array(codes, { maxLength: 3 }),
    parts: fc.array(codes, { maxLength: 3 }),
  })
  .map(({ own, norms, methods, additions, parts }) =>
    makeDish({
      id: 1,
      allergens: own,
      norms: norms.map((allergens, i) => ({
        id: 10 + i,
        name: `规格${i}`,
        price: 1,
        vipPrice: null,
        allergens,
      })),
      methodCategories: [
        {
          categoryName: "做法",
          sort: 1,
          methodList: methods.map((allergens, i) => ({
            id: 20 + i,
            name: `做法${i}`,
            markupPrice: 0,
            markupWay: 0 as const,
            isDefault: i === 0,
            allergens,
          })),
        },
      ],
      additionCategories: [
        {
          categoryName: "加料",
          sort: 1,
          additions: additions.map((allergens, i) => ({
            id: 30 + i,
            name: `加料${i}`,
            priceUpValue: 1,
            allergens,
          })),
        },
      ],
      combosList: parts.map((allergens, i) => ({
        id: 40 + i,
        itemId: 50 + i,
        name: `部分${i}`,
        count: 1,
        norms: [],
        cdatList: [],
        groupName: "组",
        groupPick: 1,
        priceUp: 0,
        allergens,
      })),
    }),
  );

/** Any choice over the dish's options (norm by index, every subset of the rest). */
const withChoice = dishWithOptions.chain((dish) =>
  fc
    .record({
      norm: fc.option(fc.nat({ max: Math.max(dish.norms.length - 1, 0) }), { nil: null }),
      methods: fc.subarray(dish.methodCategories.flatMap((c) => c.methodList.map((m) => m.id))),
      additions: fc.subarray(dish.additionCategories.flatMap((c) => c.additions.map((a) => a.id))),
      parts: fc.subarray(dish.combosList.map((p) => p.itemId)),
    })
    .map((picked) => ({
      dish,
      choice: {
        normId: picked.norm === null ? null : (dish.norms[picked.norm]?.id ?? null),
        methodIds: picked.methods,
        additions: picked.additions.map((id) => ({ id, count: 1 })),
        parts: picked.parts.map((itemId) => ({ itemId, count: 1 })),
      },
    })),
);

describe("the allergen list", () => {
  it("is EU 1169/2011 Annex II's 14 and three diets, each named in Chinese, English and Japanese", () => {
    expect(ALLERGENS).toHaveLength(14);
    expect(DIETS).toEqual(["vegetarian", "vegan", "halal"]);
    for (const names of [...Object.values(ALLERGEN_NAMES), ...Object.values(DIET_NAMES)]) {
      for (const language of ["zh", "en", "ja"] as const) expect(names[language]).not.toBe("");
    }
    // no two codes share a name in any language: a diner must tell them apart
    for (const language of ["zh", "en", "ja"] as const) {
      const words = ALLERGENS.map((code) => ALLERGEN_NAMES[code][language]);
      expect(new Set(words).size).toBe(ALLERGENS.length);
    }
    expect(ALLERGEN_NAMES.peanuts).toEqual({ zh: "花生", en: "Peanuts", ja: "落花生" });
  });

  it("sorts codes into the list's order, once each, dropping unknown ones", () => {
    expect(sortAllergens(["sesame", "peanuts", "sesame", "chocolate"])).toEqual(["peanuts", "sesame"]);
  });

  it("the food list's schema refuses a code outside the list", () => {
    const dish = makeDish({ id: 1 });
    expect(dishSchema.safeParse(dish).success).toBe(true);
    expect(dishSchema.safeParse({ ...dish, allergens: ["chocolate"] }).success).toBe(false);
    expect(dishSchema.safeParse({ ...dish, allergenInfo: "none" }).success).toBe(false);
  });
});

describe("a line's allergens: the union of what it contains", () => {
  it("holds the dish's own and exactly the chosen options' allergens", () => {
    fc.assert(
      fc.property(withChoice, ({ dish, choice }) => {
        const expected = new Set<Allergen>(dish.allergens);
        for (const norm of dish.norms)
          if (norm.id === choice.normId) for (const c of norm.allergens ?? []) expected.add(c);
        for (const m of dish.methodCategories.flatMap((c) => c.methodList))
          if (choice.methodIds.includes(m.id)) for (const c of m.allergens ?? []) expected.add(c);
        for (const a of dish.additionCategories.flatMap((c) => c.additions))
          if (choice.additions.some((x) => x.id === a.id)) for (const c of a.allergens ?? []) expected.add(c);
        for (const p of dish.combosList)
          if (choice.parts.some((x) => x.itemId === p.itemId))
            for (const c of p.allergens ?? []) expected.add(c);
        expect(lineAllergens(dish, choice)).toEqual(sortAllergens(expected));
      }),
    );
  });

  it("grows with the choice (more options never contain less) and stays within what the dish may contain", () => {
    fc.assert(
      fc.property(withChoice, ({ dish, choice }) => {
        const chosen = lineAllergens(dish, choice);
        const bare = lineAllergens(dish, { normId: null, methodIds: [], additions: [], parts: [] });
        for (const code of bare) expect(chosen).toContain(code);
        for (const code of chosen) expect(possibleAllergens(dish)).toContain(code);
      }),
    );
  });
});

describe("a diner's verdict on a dish", () => {
  const kungPao = makeDish({ id: 2, allergens: ["peanuts", "soybeans"] });
  const noodles = makeDish({
    id: 3,
    allergens: ["gluten"],
    additionCategories: [
      {
        categoryName: "加料",
        sort: 1,
        additions: [{ id: 31, name: "加蛋", priceUpValue: 2, allergens: ["eggs"] }],
      },
    ],
  });
  const undeclared = makeDish({ id: 4, allergens: [], allergenInfo: "unknown" });

  it("is a conflict when the dish itself contains what is avoided", () => {
    expect(dishAllergenVerdict(kungPao, ["peanuts"])).toBe("conflict");
  });

  const norm = (id: number, allergens: Allergen[], isDefault = false) => ({
    id,
    name: `规格${id}`,
    price: 10,
    vipPrice: null,
    isDefault,
    allergens,
  });
  const part = (itemId: number, groupName: string, groupPick: number, allergens: Allergen[]): ComboItem => ({
    id: itemId,
    itemId,
    name: `部分${itemId}`,
    count: 1,
    norms: [],
    cdatList: [],
    groupName,
    groupPick,
    priceUp: 0,
    allergens,
  });

  it("is a conflict when every alternative of a required option contains it, maybe when one does not", () => {
    const allSauced = makeDish({ id: 5, norms: [norm(51, ["peanuts"]), norm(52, ["peanuts", "sesame"])] });
    expect(dishAllergenVerdict(allSauced, ["peanuts"])).toBe("conflict");
    const oneClean = makeDish({ id: 6, norms: [norm(61, ["peanuts"], true), norm(62, [])] });
    expect(dishAllergenVerdict(oneClean, ["peanuts"])).toBe("maybe");
    // the choice around it leaves the default for the clean norm
    expect(avoidingChoice(oneClean, ["peanuts"])?.normId).toBe(62);
  });

  it("is a conflict for a combo whose fixed group holds it, maybe when a pick group can leave it out", () => {
    const fixed = makeDish({
      id: 8,
      foodproperty: 1,
      combosList: [part(81, "主食", 2, ["gluten"]), part(82, "主食", 2, ["peanuts"])],
    });
    expect(dishAllergenVerdict(fixed, ["peanuts"])).toBe("conflict");
    const pickOne = makeDish({
      id: 9,
      foodproperty: 3,
      combosList: [part(91, "小菜", 1, ["peanuts"]), part(92, "小菜", 1, [])],
    });
    expect(dishAllergenVerdict(pickOne, ["peanuts"])).toBe("maybe");
    expect(avoidingChoice(pickOne, ["peanuts"])?.parts).toEqual([{ itemId: 92, count: 1 }]);
    const pickTwoOfThree = makeDish({
      id: 10,
      foodproperty: 3,
      combosList: [
        part(101, "小菜", 2, ["peanuts"]),
        part(102, "小菜", 2, []),
        part(103, "小菜", 2, ["milk"]),
      ],
    });
    expect(dishAllergenVerdict(pickTwoOfThree, ["peanuts"])).toBe("maybe");
    expect(dishAllergenVerdict(pickTwoOfThree, ["peanuts", "milk"])).toBe("conflict");
  });

  it("is maybe when only an option contains it, ok when nothing does", () => {
    expect(dishAllergenVerdict(noodles, ["eggs"])).toBe("maybe");
    expect(dishAllergenVerdict(noodles, ["peanuts"])).toBe("ok");
  });

  it("is unknown for an undeclared dish, never ok; anything goes for a diner who avoids nothing", () => {
    expect(dishAllergenVerdict(undeclared, ["peanuts"])).toBe("unknown");
    expect(dishAllergenVerdict(undeclared, [])).toBe("ok");
  });

  it("conflicts are exactly the avoided codes a line contains", () => {
    fc.assert(
      fc.property(codes, codes, (contains, avoid) => {
        const found = allergenConflicts(contains, avoid);
        expect(found).toEqual(sortAllergens(contains.filter((c) => avoid.includes(c))));
      }),
    );
  });
});

describe("words", () => {
  it("names allergens and diets in each language, and the kitchen's line in the restaurant's", () => {
    expect(allergenWords(["sesame", "peanuts"])).toBe("花生、芝麻");
    expect(allergenWords(["sesame", "peanuts"], "en")).toBe("Peanuts, Sesame");
    expect(allergenWords(["sesame", "peanuts"], "ja")).toBe("落花生、ごま");
    expect(dietWords(["halal", "vegan"], "ja")).toBe("ヴィーガン、ハラール");
    expect(dietWords(["halal", "vegetarian"], "en")).toBe("Vegetarian, Halal");
    expect(allergyLine(["peanuts"])).toBe("过敏: 花生");
    expect(allergyLine([])).toBe("");
  });
});

/** A few codes only, so that dishes and what a diner avoids meet often. */
const few = fc.subarray(["peanuts", "sesame", "milk"] as Allergen[]);

/** A dish as the console can make one: norms (one maybe default), method categories, add-ons, combo groups. */
const choosingDish = fc
  .record({
    own: fc.subarray(["peanuts", "sesame", "milk"] as Allergen[], { maxLength: 1 }),
    norms: fc.array(few, { maxLength: 3 }),
    defaultNorm: fc.nat({ max: 3 }),
    methods: fc.array(fc.array(few, { maxLength: 3 }), { maxLength: 2 }),
    additions: fc.array(few, { maxLength: 2 }),
    foodproperty: fc.constantFrom(0, 1, 3),
    groups: fc.array(
      fc.record({
        items: fc.array(few, { minLength: 1, maxLength: 3 }),
        pick: fc.integer({ min: 1, max: 3 }),
      }),
      {
        maxLength: 2,
      },
    ),
  })
  .map((d) =>
    makeDish({
      id: 1,
      foodproperty: d.foodproperty,
      allergens: d.own,
      norms: d.norms.map((allergens, i) => ({
        id: 10 + i,
        name: `规格${i}`,
        price: 1,
        vipPrice: null,
        isDefault: i === d.defaultNorm,
        allergens,
      })),
      methodCategories: d.methods.map((list, c) => ({
        categoryName: `做法${c}`,
        sort: c,
        methodList: list.map((allergens, i) => ({
          id: 100 + 10 * c + i,
          name: `做法${c}-${i}`,
          markupPrice: 0,
          markupWay: 0 as const,
          isDefault: i === 0,
          allergens,
        })),
      })),
      additionCategories: [
        {
          categoryName: "加料",
          sort: 1,
          additions: d.additions.map((allergens, i) => ({
            id: 200 + i,
            name: `加料${i}`,
            priceUpValue: 1,
            allergens,
          })),
        },
      ],
      combosList: d.groups.flatMap((group, g) =>
        group.items.map((allergens, i) => ({
          id: 300 + 10 * g + i,
          itemId: 300 + 10 * g + i,
          name: `部分${g}-${i}`,
          count: 1 + (i % 2),
          norms: [],
          cdatList: [],
          groupName: `组${g}`,
          groupPick: group.pick,
          priceUp: 0,
          allergens,
        })),
      ),
    }),
  );

/** The k-element subsets of a list, in order. */
function subsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  return items.flatMap((item, i) => subsets(items.slice(i + 1), k - 1).map((rest) => [item, ...rest]));
}

/**
 * Every choice the menu's pickers can make of the dish, add-ons aside (an add-on only ever adds
 * allergens, so a choice with none is the one to look at): each norm, one method per category, each
 * combo group's every pick.
 */
function everyChoice(dish: Dish): LineChoice[] {
  const norms: (number | null)[] = dish.norms.length > 0 ? dish.norms.map((n) => n.id) : [null];
  let methodSets: number[][] = [[]];
  for (const category of dish.methodCategories.filter((c) => c.methodList.length > 0))
    methodSets = methodSets.flatMap((set) => category.methodList.map((m) => [...set, m.id]));
  let partSets: LineChoice["parts"][number][][] = [[]];
  for (const group of dish.foodproperty === 0 ? [] : comboGroups(dish))
    partSets = partSets.flatMap((set) =>
      subsets(group.items, group.pick).map((items) => [
        ...set,
        ...items.map((item) => ({ itemId: item.itemId, count: item.count })),
      ]),
    );
  return norms.flatMap((normId) =>
    methodSets.flatMap((methodIds) => partSets.map((parts) => ({ normId, methodIds, additions: [], parts }))),
  );
}

describe("hiding what a diner avoids: a dish is hidden exactly when no choice of it avoids", () => {
  it("a choice around the allergens is one the pickers can make and contains none of them", () => {
    fc.assert(
      fc.property(choosingDish, few, (dish, avoid) => {
        const choice = avoidingChoice(dish, avoid);
        fc.pre(choice !== null);
        expect(checkChoice(dish, choice)).toEqual({ ok: true });
        expect(allergenConflicts(lineAllergens(dish, choice), avoid)).toEqual([]);
      }),
    );
  });

  it("there is none only when every choice the pickers can make contains one (the dish is a conflict)", () => {
    fc.assert(
      fc.property(choosingDish, few, (dish, avoid) => {
        const choices = everyChoice(dish);
        for (const choice of choices) expect(checkChoice(dish, choice)).toEqual({ ok: true });
        const anySafe = choices.some((c) => allergenConflicts(lineAllergens(dish, c), avoid).length === 0);
        expect(avoidingChoice(dish, avoid) !== null).toBe(anySafe);
        if (avoid.length > 0) expect(dishAllergenVerdict(dish, avoid) === "conflict").toBe(!anySafe);
      }),
      { numRuns: 300 },
    );
  });

  it("avoiding more never brings a hidden dish back; an undeclared dish is never hidden", () => {
    fc.assert(
      fc.property(choosingDish, few, few, (dish, avoid, more) => {
        if (dishAllergenVerdict(dish, avoid) === "conflict")
          expect(dishAllergenVerdict(dish, [...avoid, ...more])).toBe("conflict");
        const undeclared = { ...dish, allergenInfo: "unknown" as const };
        expect(dishAllergenVerdict(undeclared, avoid)).not.toBe("conflict");
      }),
    );
  });
});

describe("the picker's start for a diner who avoids something", () => {
  it("keeps the defaults unless one holds what is avoided and an alternative does not", () => {
    fc.assert(
      fc.property(choosingDish, few, (dish, avoid) => {
        const start = startingChoiceAvoiding(dish, avoid);
        const plain = startingChoice(dish);
        // combo parts and add-ons are as without avoiding; the start is one the pickers can make
        expect({ parts: start.parts, additions: start.additions }).toEqual({
          parts: plain.parts,
          additions: plain.additions,
        });
        const options = { ...start, parts: [], additions: [] };
        const canAvoid = avoidingChoice(dish, avoid) !== null;
        if (canAvoid)
          expect(
            allergenConflicts(lineAllergens({ ...dish, allergens: [], combosList: [] }, options), avoid),
          ).toEqual([]);
        const plainClean =
          allergenConflicts(
            lineAllergens({ ...dish, allergens: [], combosList: [] }, { ...plain, parts: [] }),
            avoid,
          ).length === 0;
        if (avoid.length === 0 || !canAvoid || plainClean) expect(start).toEqual(plain);
      }),
    );
  });
});
