/**
 * The member pages' paths (spec 001 §2). Apart from the router's PATHS, which is on the menu's first
 * screen: the route table registers them as one entry, /member/* (and /memberCard), whose lazy page
 * picks the page by path.
 */
export const MEMBER_PAGES = {
  center: "/member/member",
  card: "/memberCard",
  info: "/member/info",
  integral: "/member/integral",
  balance: "/member/balance",
  /** the balance's and the points' histories (ours, issue 25) */
  balanceHistory: "/member/balanceHistory",
  pointsHistory: "/member/integralHistory",
  coupons: "/member/coupons",
  invalidCoupons: "/member/invaildCoupons",
  num: "/member/num",
  /** recharging stored value (pages/member-recharge, a chunk of its own) */
  recharge: "/member/recharge",
} as const;
