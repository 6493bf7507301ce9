import { ApiError } from "@tablemate/client";
import type { RestaurantDetail } from "@tablemate/core";
import {
  isPrepaymentMode,
  isServerVersion,
  offeredDishes,
  parseId,
  refusesShopMode,
  sortCategories,
} from "@tablemate/core";
import { TOKEN_STORAGE_KEY } from "../api/http.js";
import { fetchCategories, fetchFoodList, fetchMemos } from "../api/menu.js";
import { fetchCrmType, fetchPosOnline, fetchRestaurantDetail } from "../api/restaurant.js";
import { fetchCartId, joinCart } from "../api/table.js";
import { fetchUserInfo } from "../api/user.js";
import { readPageData } from "../config.js";
import { local } from "../storage.js";
import { resolveGuid } from "./guid.js";
import { snapshotState } from "./menu-actions.js";
import { type PageMenuAnswers, pageAnswers } from "./page-answers.js";
import { openRealtime } from "./realtime.js";
import { saveSearchObj, toSearchObj } from "./search-obj.js";
import { allSteps, StartupError, step } from "./startup-error.js";
import { tableParams } from "./table-params.js";
import type { AppState, PageQuery, StoreAccess } from "./types.js";

/** The start under way, so a second caller (StrictMode, a quick re-render) joins it instead. */
let inFlight: Promise<void> | null = null;

/** start(query): spec 001 §4 steps 1-7. Rejects with a StartupError; the caller shows the abnormal page. */
export function start(query: PageQuery, store: StoreAccess): Promise<void> {
  if (inFlight) return inFlight;
  store.set({ isInitial: false, entryLoading: true, loading: true });
  inFlight = runSteps(query, store)
    .then(() => store.set({ isInitial: true }))
    .finally(() => {
      inFlight = null;
      store.set({ entryLoading: false, loading: false });
    });
  return inFlight;
}

async function runSteps(query: PageQuery, store: StoreAccess): Promise<void> {
  const { set } = store;

  // 1. page data, and the restaurant and table the link names
  const hotelid = parseId(query.hotelid);
  if (hotelid === null) throw new StartupError("hotelid");
  const searchObj = toSearchObj(query);
  saveSearchObj(searchObj);
  set({ hotelid, SearchObj: searchObj });

  // 2. guid
  const pageGuid = resolveGuid(readPageData().guid);
  if (!pageGuid) throw new StartupError("guid");

  // 3. auth: the server answers for the visitor its credential names (a browser without one becomes a
  // new visitor), so its guid is the one to act as; the token it returns signs the calls that follow
  const user = await step("auth", () =>
    fetchUserInfo(pageGuid, hotelid).catch((error: unknown) => {
      // the call names the restaurant: a restaurant that does not exist is the failure to report
      throw isNotFound(error) ? new StartupError("restaurantInfo", error) : error;
    }),
  );
  if (user.token) local.set(TOKEN_STORAGE_KEY, user.token);
  const guid = user.guid;
  set({ guid, user });

  // 4. restaurant (already in the page when the server served this restaurant), then table and cart
  const page = pageAnswers(hotelid);
  const restaurant = page.restaurant ?? (await step("restaurantInfo", () => fetchRestaurantDetail(hotelid)));
  if (!isServerVersion(restaurant.serverVersion)) throw new StartupError("cardVersion");
  if (searchObj.shop && refusesShopMode(restaurant)) throw new StartupError("shopMode");
  const table = tableParams(searchObj);
  if (!table) throw new StartupError("tableInfo");
  set({
    restaurant,
    isPrepayment: isPrepaymentMode(restaurant, searchObj),
    templateNumber: restaurant.templateNumber,
  });

  const [, cart] = await allSteps([
    step("tableJoin", () => store.get().tableJoin()),
    step("cartId", () => joinTableCart(restaurant, guid, table)),
  ]);
  set({ cartId: cart.cartId, cartIdSign: cart.cartIdSign, virTableId: cart.virTableId });

  // 5-7. member system, foods, memos and POS status: taken from the page when it carried this
  // restaurant's menu (the store has shown it since the first paint), else asked for
  set(page.menu ? menuFromPage(page.menu, restaurant) : await fetchMenu(hotelid, restaurant, store));

  openRealtime(store);
  document.title = restaurant.restaurantName;
}

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Steps 5-7 as the page answers them, with the entry's period info and stock (spec 000 §4). */
function menuFromPage(menu: PageMenuAnswers, restaurant: RestaurantDetail): Partial<AppState> {
  return { ...snapshotState(menu, restaurant), isNewCrm: menu.crm.isNewCrm, isPosOnline: menu.posOnline };
}

/** Steps 5-7 over the network: independent of each other, so one round trip. */
async function fetchMenu(
  hotelid: number,
  restaurant: RestaurantDetail,
  store: StoreAccess,
): Promise<Partial<AppState>> {
  const [crm, categories, foods, memos, , posOnline] = await allSteps([
    step("crmType", () => fetchCrmType(hotelid)),
    step("foodCategory", () => fetchCategories(hotelid)),
    step("foodList", () => fetchFoodList(hotelid)),
    step("memos", () => fetchMemos(hotelid)),
    store.get().getBossRecommendFood(),
    fetchPosOnline(hotelid).catch((error: unknown) => {
      // an unknown register state is not worth alarming the diner over
      console.warn("pos status unavailable", error);
      return true;
    }),
  ]);
  return {
    isNewCrm: crm.isNewCrm,
    // sorted once on arrival so the first paint of the menu already has the final order
    categories: sortCategories(categories),
    // what the restaurant's register offers only (spec 000 §9), as the page's menu
    foods: offeredDishes(foods, restaurant),
    memos,
    isPosOnline: posOnline,
  };
}

/** The table's cart id and its sign, then joining that cart: the second call needs the first's answer. */
async function joinTableCart(
  restaurant: RestaurantDetail,
  guid: string,
  table: { tableId: number; sid: string },
): Promise<{ cartId: number; cartIdSign: string; virTableId: number }> {
  const rid = restaurant.restaurantId;
  const id = await fetchCartId({ rid, tableId: table.tableId, guid, sid: table.sid });
  const joined = await joinCart({
    restaurantId: rid,
    cookieGuid: guid,
    tableId: table.tableId,
    cartId: id.value,
    cartIdSign: id.sign,
    fastFood: restaurant.restaurantFastHotel,
  });
  return { cartId: joined.cartId, cartIdSign: id.sign, virTableId: joined.virTableId };
}
