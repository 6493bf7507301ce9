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
  coupons: "/member/coupons",
  invalidCoupons: "/member/invaildCoupons",
  num: "/member/num",
  /** helper pages of their own (recharge, the checkout's coupon choice): linked to, not built here */
  recharge: "/member/recharge",
} as const;
