import { create } from "zustand";
import {
  enterMain,
  fetchEstimate,
  getBossRecommendFood,
  getPeriodDishInfo,
  refreshStock,
} from "./menu-actions.js";
import { start } from "./start.js";
import { tableJoin } from "./table-join.js";
import type { AppState, AppStore, StoreAccess } from "./types.js";

export function initialAppState(): AppState {
  return {
    isInitial: false,
    loading: false,
    entryLoading: true,
    enteredBeforeMenu: false,
    isPosOnline: true,
    guid: "",
    hotelid: null,
    SearchObj: {},
    cartId: null,
    cartIdSign: "",
    virTableId: null,
    isPrepayment: false,
    isNewCrm: false,
    // no member system yet: the member issue sets these once cards load
    memberInitialised: false,
    isMember: false,
    memberDay: null,
    memberTotal: null,
    templateNumber: { foods: 1, recommends: 1 },
    categoryIndex: 0,
    secondCategoryIndex: 0,
    currentPageIndex: 0,
    restaurant: null,
    table: null,
    user: null,
    categories: [],
    foods: [],
    recommends: [],
    memos: [],
    periodDishes: {},
    additionEstimates: {},
    realtime: null,
    realtimeStatus: "idle",
    realtimeRetries: 0,
  };
}

export const useAppStore = create<AppStore>()((set, get) => {
  const store: StoreAccess = { get, set };
  return {
    ...initialAppState(),
    start: (query) => start(query, store),
    tableJoin: () => tableJoin(store),
    fetchEstimate: () => fetchEstimate(store),
    getPeriodDishInfo: () => getPeriodDishInfo(store),
    getBossRecommendFood: () => getBossRecommendFood(store),
    enterMain: (query) => enterMain(query, store),
    refreshStock: () => refreshStock(store),
    setCategoryIndex: (categoryIndex) => set({ categoryIndex }),
    setSecondCategoryIndex: (secondCategoryIndex) => set({ secondCategoryIndex }),
    setLoading: (loading) => set({ loading }),
  };
});

/** Back to a fresh page load's state (closing the channel); for tests and a new scan. */
export function resetAppStore(): void {
  useAppStore.getState().realtime?.close();
  useAppStore.setState(initialAppState());
  // the page's state may have been put into the initial state too (page-menu.ts)
  Object.assign(useAppStore.getInitialState(), initialAppState());
}
