import type { ComponentType } from "react";
import { useLocation } from "react-router";
import { MEMBER_PAGES } from "../../features/member/member-pages.js";
import { lazyPage } from "../../router/lazy-page.js";
import { NotFoundPage } from "../not-found/NotFoundPage.js";
import { MemberBalancePage, MemberIntegralPage, MemberNumPage } from "./MemberAccountPages.js";
import { MemberCardPage } from "./MemberCardPage.js";
import { MemberCenterPage } from "./MemberCenterPage.js";
import { MemberCouponsPage, MemberInvalidCouponsPage } from "./MemberCouponsPage.js";
import { MemberBalanceHistoryPage, MemberPointsHistoryPage } from "./MemberHistoryPage.js";
import { MemberInfoPage } from "./MemberInfoPage.js";

/** /member/recharge: a chunk of its own (the pay pages' parts), loaded only when it is the path */
const RechargePage = lazyPage(
  () => import("../member-recharge/RechargePage.js"),
  (m) => m.RechargePage,
);

const PAGES: Record<string, ComponentType> = {
  [MEMBER_PAGES.center]: MemberCenterPage,
  [MEMBER_PAGES.card]: MemberCardPage,
  [MEMBER_PAGES.info]: MemberInfoPage,
  [MEMBER_PAGES.integral]: MemberIntegralPage,
  [MEMBER_PAGES.balance]: MemberBalancePage,
  [MEMBER_PAGES.balanceHistory]: MemberBalanceHistoryPage,
  [MEMBER_PAGES.pointsHistory]: MemberPointsHistoryPage,
  [MEMBER_PAGES.coupons]: MemberCouponsPage,
  [MEMBER_PAGES.invalidCoupons]: MemberInvalidCouponsPage,
  [MEMBER_PAGES.num]: MemberNumPage,
  [MEMBER_PAGES.recharge]: RechargePage,
};

/**
 * The member pages (spec 001 §2), one lazy chunk behind the route table's /member/* and /memberCard:
 * the page of the path, or not found (a member path of no page; /member/selectCoupons is its own
 * route, which outranks /member/*). /member/recharge is one of its pages, in a chunk of its own.
 */
export function MemberPages() {
  const { pathname } = useLocation();
  const Page = PAGES[pathname];
  return Page ? <Page /> : <NotFoundPage />;
}
