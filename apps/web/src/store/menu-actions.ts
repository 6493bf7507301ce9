import {
  additionEstimates,
  applySellOut,
  type Dish,
  type MenuSnapshot,
  offeredDishes,
  type PeriodDishInfo,
  type RestaurantDetail,
  type SellOut,
  type StockMessage,
  sortCategories,
} from "@tablemate/core";
import { fetchPeriodDishes, fetchRecommends, fetchSellOut } from "../api/menu.js";
import { pageAnswers } from "./page-answers.js";
import type { AppState, PageQuery, StoreAccess } from "./types.js";

/** A sell-out answer as the store keeps it: the dishes' stock set, the additions' by id. */
export function stockState(
  foods: readonly Dish[],
  sellOut: SellOut,
): Pick<AppState, "foods" | "additionEstimates"> {
  return { foods: applySellOut(foods, sellOut), additionEstimates: additionEstimates(sellOut) };
}

/**
 * Type 20: the restaurant's stock changed (an order, a cancel, the staff): the menu and the
 * recommended dishes show it at once, without a reload. The message carries dishes only.
 */
export function stockNewsState(
  state: Pick<AppState, "foods" | "recommends">,
  news: Pick<StockMessage, "value">,
): Pick<AppState, "foods" | "recommends"> {
  const sellOut = { value: news.value, additions: [] };
  return { foods: applySellOut(state.foods, sellOut), recommends: applySellOut(state.recommends, sellOut) };
}

/** food/fetchEstimate */
export async function fetchEstimate(store: StoreAccess): Promise<void> {
  const { hotelid } = store.get();
  if (hotelid === null) return;
  const sellOut = await fetchSellOut(hotelid);
  store.set((state) => stockState(state.foods, sellOut));
}

/** Period-dish info as the store keeps it: by dish id. */
export function periodDishesById(infos: readonly PeriodDishInfo[]): AppState["periodDishes"] {
  return Object.fromEntries(infos.map((info) => [info.foodId, info]));
}

/**
 * A menu the page carried, as the store keeps it: what its calls' answers would have set, with what
 * the restaurant's register offers only (no combos below 2.23.00, no member prices below 2.24.00).
 */
export function snapshotState(menu: MenuSnapshot, restaurant: RestaurantDetail): Partial<AppState> {
  return {
    // sorted once on arrival so the first paint already has the final order
    categories: sortCategories(menu.categories),
    ...stockState(offeredDishes(menu.foods, restaurant), menu.sellOut),
    recommends: offeredDishes(menu.recommends, restaurant),
    periodDishes: periodDishesById(menu.periodDishes),
    memos: menu.memos,
  };
}

/** periodDish/getPeriodDishInfo: the menu stays usable without it (spec 000 §8), so failure is logged. */
export async function getPeriodDishInfo(store: StoreAccess): Promise<void> {
  const { hotelid } = store.get();
  if (hotelid === null) return;
  try {
    const infos = await fetchPeriodDishes(hotelid);
    store.set({ periodDishes: periodDishesById(infos) });
  } catch (error) {
    console.error("period-dish info failed", error);
  }
}

/** food/getBossRecommendFood: the recommendation block is optional, so failure is logged. */
export async function getBossRecommendFood(store: StoreAccess): Promise<void> {
  const { hotelid, restaurant } = store.get();
  if (hotelid === null || !restaurant) return;
  try {
    store.set({ recommends: offeredDishes(await fetchRecommends(hotelid), restaurant) });
  } catch (error) {
    console.error("recommended dishes failed", error);
  }
}

export async function refreshStock(store: StoreAccess): Promise<void> {
  try {
    await store.get().fetchEstimate();
  } catch (error) {
    // the menu still shows the stock startup loaded; the cart re-checks stock on every add
    console.error("stock refresh failed", error);
  }
}

/** The entry under way, so a double mount (StrictMode) does not load period info and stock twice. */
let entering: Promise<void> | null = null;

/**
 * Spec 000 §4: start when the store is not initialised, then period info and stock; else stock only.
 * A page that carried this restaurant's menu carried its period info and stock too: start took them.
 */
export function enterMain(query: PageQuery, store: StoreAccess): Promise<void> {
  entering ??= enter(query, store).finally(() => {
    entering = null;
  });
  return entering;
}

async function enter(query: PageQuery, store: StoreAccess): Promise<void> {
  if (store.get().isInitial) {
    if (store.get().enteredBeforeMenu) store.set({ enteredBeforeMenu: false });
    else await store.get().refreshStock();
    return;
  }
  await store.get().start(query);
  if (pageAnswers(store.get().hotelid).menu) return;
  await Promise.all([store.get().getPeriodDishInfo(), store.get().refreshStock()]);
}
