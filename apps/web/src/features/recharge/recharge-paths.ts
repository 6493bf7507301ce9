/**
 * INTERIM (helper E): the member pages' paths the recharge page uses, until helper B's MEMBER_PAGES
 * (features/member/member-pages.ts) is on main. Apart from the router's PATHS (the menu's first screen).
 */
export const RECHARGE_PATH = "/member/recharge";
export const MEMBER_CENTER_PATH = "/member/member";
