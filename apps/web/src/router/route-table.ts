import type { ComponentType } from "react";
import { MainPage } from "../pages/main/MainPage.js";
import { SelectNumberRoute } from "../pages/select-number/SelectNumberRoute.js";
import { lazyPage } from "./lazy-page.js";
import { PATHS } from "./paths.js";

/**
 * menu: /main and its diner-count step /selectNumber, which start the store themselves; page: needs
 * a started store (guarded); prompt: a message page, never guarded and never resumed by the entry route.
 */
export type PageKind = "menu" | "page" | "prompt";

export interface PageRoute {
  path: string;
  kind: PageKind;
  Page: ComponentType;
  /**
   * Kept alive (spec 000 §2): once opened, the page stays mounted while the diner is on another
   * kept-alive page, so returning finds its scroll position and state as they were.
   */
  keepAlive?: boolean;
  /**
   * Query parameters only this page carries (an order's id, a dish's): the table link a rescan
   * brings has none, so the entry does not resume such a page, it goes to the menu.
   */
  ownQuery?: readonly string[];
  /**
   * Shown while the store starts (opened from a link, or reloaded) rather than after: the page asks
   * only for what its link names, so its code and data load beside the start's calls.
   */
  showsWhileStarting?: boolean;
}

const SearchPage = lazyPage(
  () => import("../pages/search/SearchPage.js"),
  (m) => m.SearchPage,
);
const BusinessMapPage = lazyPage(
  () => import("../pages/business-map/BusinessMapPage.js"),
  (m) => m.BusinessMapPage,
);
const FoodBatchPage = lazyPage(
  () => import("../pages/food-batch/FoodBatchPage.js"),
  (m) => m.FoodBatchPage,
);
const FoodComboPage = lazyPage(
  () => import("../pages/food-combo/FoodComboPage.js"),
  (m) => m.FoodComboPage,
);
const AbnormalPage = lazyPage(
  () => import("../pages/prompt/AbnormalPage.js"),
  (m) => m.AbnormalPage,
);
const NoOrderPage = lazyPage(
  () => import("../pages/prompt/NoOrderPage.js"),
  (m) => m.NoOrderPage,
);
const OverduePage = lazyPage(
  () => import("../pages/prompt/OverduePage.js"),
  (m) => m.OverduePage,
);
const LogoutPage = lazyPage(
  () => import("../pages/prompt/LogoutPage.js"),
  (m) => m.LogoutPage,
);
// the member pages (issue 19): one lazy page that picks its page by path, so the menu's first screen
// carries two entries rather than one per page
const MemberPages = lazyPage(
  () => import("../pages/member/MemberPages.js"),
  (m) => m.MemberPages,
);

/** The pages of the app. A new page is one line here; paths not listed fall to the not-found page. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: PATHS.main, kind: "menu", Page: MainPage, keepAlive: true },
  { path: PATHS.selectNumber, kind: "menu", Page: SelectNumberRoute },
  { path: PATHS.search, kind: "page", Page: SearchPage, keepAlive: true },
  { path: PATHS.businessMap, kind: "page", Page: BusinessMapPage },
  { path: PATHS.foodBatch, kind: "page", Page: FoodBatchPage, ownQuery: ["foodId"] },
  { path: PATHS.foodCombo, kind: "page", Page: FoodComboPage, ownQuery: ["foodId"] },
  {
    path: PATHS.subOrder,
    kind: "page",
    Page: lazyPage(
      () => import("../pages/sub-order/SubOrderPage.js"),
      (m) => m.SubOrderPage,
    ),
  },
  {
    path: PATHS.supplyInfo,
    kind: "page",
    Page: lazyPage(
      () => import("../pages/supply-info/SupplyInfoPage.js"),
      (m) => m.SupplyInfoPage,
    ),
  },
  {
    path: PATHS.orderDetail,
    kind: "page",
    ownQuery: ["orderId"],
    Page: lazyPage(
      () => import("../pages/order-detail/OrderDetailPage.js"),
      (m) => m.OrderDetailPage,
    ),
  },
  {
    path: PATHS.orderList,
    kind: "page",
    Page: lazyPage(
      () => import("../pages/order-list/OrderListPage.js"),
      (m) => m.OrderListPage,
    ),
  },
  // /pay (an order, the bill) and its return page /pay/success: one chunk, one page telling them apart
  {
    path: PATHS.pay,
    kind: "page",
    ownQuery: ["orderId"],
    showsWhileStarting: true,
    Page: lazyPage(
      () => import("../pages/pay/PayPages.js"),
      (m) => m.PayPages,
    ),
  },
  {
    path: PATHS.paySuccess,
    kind: "page",
    ownQuery: ["tradeNo"],
    Page: lazyPage(
      () => import("../pages/pay/PayPages.js"),
      (m) => m.PayPages,
    ),
  },
  // /pay's coupon choice: the pay pages' chunk (a chunk of its own would split the first screen's)
  {
    path: PATHS.memberSelectCoupons,
    kind: "page",
    ownQuery: ["orderId"],
    Page: lazyPage(
      () => import("../pages/pay/PayPages.js"),
      (m) => m.PayPages,
    ),
  },
  { path: "/member/*", kind: "page", Page: MemberPages },
  { path: "/memberCard", kind: "page", Page: MemberPages },
  { path: PATHS.abnormal, kind: "prompt", Page: AbnormalPage },
  { path: PATHS.noOrder, kind: "prompt", Page: NoOrderPage },
  { path: PATHS.overdue, kind: "prompt", Page: OverduePage },
  { path: PATHS.logout, kind: "prompt", Page: LogoutPage },
];

export function isGuarded(route: PageRoute): boolean {
  return route.kind === "page";
}

/**
 * The entry route (spec 000 §2): the saved path, or /main when nothing or the bare root was saved.
 * Prompt pages, unknown paths and pages that need a parameter of their own (an order's detail after
 * a rescan: the table link names no order) also give /main, so a rescan never lands on a page it
 * cannot show; the order stays one tap away in the order list. A scan of another table (or
 * restaurant) than the saved page's starts at the menu too: `sameTable` says whether it is the same.
 */
export function resolveEntryPath(
  saved: string | null,
  routes: readonly PageRoute[] = PAGE_ROUTES,
  sameTable = true,
): string {
  if (!sameTable) return PATHS.main;
  const route = routes.find((candidate) => candidate.path === saved);
  const resumable = route && route.kind !== "prompt" && !route.ownQuery?.length;
  return resumable ? route.path : PATHS.main;
}
