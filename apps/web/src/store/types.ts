import type {
  Category,
  Dish,
  MemberDay,
  Memo,
  PeriodDishInfo,
  RestaurantDetail,
  TableJoinResult,
  UserInfo,
} from "@tablemate/core";
import type { RealtimeConnection, RealtimeStatus } from "../api/realtime.js";
import type { memberTotal } from "../features/cart/member-total.js";
import type { SearchObj } from "./search-obj.js";

/** The query a page was opened with. */
export type PageQuery = Record<string, string | undefined>;

/** App state (spec 000 §3) plus the data startup loads. */
export interface AppState {
  isInitial: boolean;
  loading: boolean;
  /** the first start of this page load */
  entryLoading: boolean;
  /** the diner-count step made the menu's entry: the menu's first entry after it is not a return */
  enteredBeforeMenu: boolean;
  isPosOnline: boolean;
  guid: string;
  hotelid: number | null;
  SearchObj: SearchObj;
  cartId: number | null;
  cartIdSign: string;
  virTableId: number | null;
  isPrepayment: boolean;
  isNewCrm: boolean;
  /** member initialisation succeeded (spec 000 §2): the member banner shows only then */
  memberInitialised: boolean;
  /** the diner is a member: member prices and 会员已省 instead of 会员价 (spec 000 §4) */
  isMember: boolean;
  /**
   * the member day of the card whose benefits the diner has (its equities'), null without one: the
   * cart's member total takes it when it is today (core's cartMemberDiscounts, as the submit does)
   */
  memberDay: MemberDay | null;
  /**
   * the member pricing (core's discount pipeline over the cart, member-total.ts), provided by the member
   * state as it starts: the cart bar and the checkout price with it; never on the menu's first screen
   */
  memberTotal: typeof memberTotal | null;
  templateNumber: RestaurantDetail["templateNumber"];
  categoryIndex: number;
  secondCategoryIndex: number;
  currentPageIndex: number;
  /** restDetail of the spec */
  restaurant: RestaurantDetail | null;
  table: TableJoinResult | null;
  /** userInfo of the spec */
  user: UserInfo | null;
  /** sorted by `sort` */
  categories: Category[];
  foods: Dish[];
  recommends: Dish[];
  memos: Memo[];
  /** period-dish info by dish id */
  periodDishes: Record<number, PeriodDishInfo>;
  /** remaining stock of add-ons by addition id (-1 unlimited) */
  additionEstimates: Record<number, number>;
  realtime: RealtimeConnection | null;
  realtimeStatus: RealtimeStatus | "idle";
  /** failed reconnection attempts in a row: a toast says so after 2 (spec 000 §4) */
  realtimeRetries: number;
}

/** The spec's store actions (000 §7) and what the pages need to drive them. */
export interface AppActions {
  /** startup of spec 001 §4; rejects with a StartupError naming the failed step */
  start(query: PageQuery): Promise<void>;
  /** joins the table of SearchObj (tn, sid) as a real table */
  tableJoin(): Promise<TableJoinResult>;
  /** food/fetchEstimate: applies the sell-out sums to the dishes' stock */
  fetchEstimate(): Promise<void>;
  /** periodDish/getPeriodDishInfo: a failure is only logged */
  getPeriodDishInfo(): Promise<void>;
  /** food/getBossRecommendFood: a failure is only logged */
  getBossRecommendFood(): Promise<void>;
  /** what /main does on entry: start when needed, else refresh stock */
  enterMain(query: PageQuery): Promise<void>;
  /** fetchEstimate for the refresh button and re-entry: a failure is only logged */
  refreshStock(): Promise<void>;
  setCategoryIndex(index: number): void;
  setSecondCategoryIndex(index: number): void;
  setLoading(loading: boolean): void;
}

export type AppStore = AppState & AppActions;

/** What an action module needs of the store, so actions live outside the store's definition. */
export interface StoreAccess {
  get(): AppStore;
  set(partial: Partial<AppState> | ((state: AppStore) => Partial<AppState>)): void;
}
