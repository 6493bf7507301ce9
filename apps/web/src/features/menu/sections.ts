import { type Category, type Dish, saleOrder } from "@tablemate/core";

/** A run of dishes under one heading. */
export interface MenuGroup {
  key: string;
  title: string;
  dishes: Dish[];
}

/** One category of the side bar and its part of the dish list. */
export interface MenuSection {
  category: Category;
  groups: MenuGroup[];
}

function groupsOf(category: Category, dishes: Dish[]): MenuGroup[] {
  const own: MenuGroup = { key: `c${category.id}`, title: category.dishesTypeName, dishes };
  if (!category.hasSecondCategory || category.secondCategories.length === 0) return [own];
  const secondIds = new Set(category.secondCategories.map((second) => second.id));
  // dishes outside every second category stay under the category's own name, first
  const unsorted = { ...own, dishes: dishes.filter((dish) => !secondIds.has(dish.secondTypeId ?? -1)) };
  const seconds = category.secondCategories.map((second) => ({
    key: `s${second.id}`,
    title: second.name,
    dishes: dishes.filter((dish) => dish.secondTypeId === second.id),
  }));
  return [unsorted, ...seconds].filter((group) => group.dishes.length > 0);
}

/**
 * The menu in category order, headed by category or, where it has them, second-category names
 * (spec 000 §2), sold-out dishes after those on sale in each. Categories without dishes are left out
 * so no tab leads to an empty list.
 */
export function buildMenuSections(categories: readonly Category[], foods: readonly Dish[]): MenuSection[] {
  // not Map.groupBy: older phone browsers lack it
  const byCategory = new Map<number, Dish[]>();
  for (const dish of foods) {
    const list = byCategory.get(dish.typeId);
    if (list) list.push(dish);
    else byCategory.set(dish.typeId, [dish]);
  }
  return categories.flatMap((category) => {
    const dishes = saleOrder(byCategory.get(category.id) ?? []);
    return dishes.length === 0 ? [] : [{ category, groups: groupsOf(category, dishes) }];
  });
}
