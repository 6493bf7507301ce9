import { additionEstimates, applySellOut, type PeriodDishInfo } from "@tablemate/core";
import { fetchPeriodDishes, fetchRecommends, fetchSellOut } from "../api/menu.js";
import type { AppState, PageQuery, StoreAccess } from "./types.js";

/** food/fetchEstimate */
export async function fetchEstimate(store: StoreAccess): Promise<void> {
  const { hotelid } = store.get();
  if (hotelid === null) return;
  const sellOut = await fetchSellOut(hotelid);
  store.set((state) => ({
    foods: applySellOut(state.foods, sellOut),
    additionEstimates: additionEstimates(sellOut),
  }));
}

/** Period-dish info as the store keeps it: by dish id. */
export function periodDishesById(infos: readonly PeriodDishInfo[]): AppState["periodDishes"] {
  return Object.fromEntries(infos.map((info) => [info.foodId, info]));
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
  const { hotelid } = store.get();
  if (hotelid === null) return;
  try {
    store.set({ recommends: await fetchRecommends(hotelid) });
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

/** Spec 000 §4: start when the store is not initialised, then period info and stock; else stock only. */
export function enterMain(query: PageQuery, store: StoreAccess): Promise<void> {
  entering ??= enter(query, store).finally(() => {
    entering = null;
  });
  return entering;
}

async function enter(query: PageQuery, store: StoreAccess): Promise<void> {
  if (store.get().isInitial) {
    await store.get().refreshStock();
    return;
  }
  await store.get().start(query);
  await Promise.all([store.get().getPeriodDishInfo(), store.get().refreshStock()]);
}
