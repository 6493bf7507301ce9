/**
 * The diner's paths the menu calls (with ORDER_API, the order pages', and PAY_API, the pay pages':
 * all the diner app imports, never API): a path added to API for the staff then never reaches the
 * diner's first screen, whose JavaScript has a budget (e2e/bundle.e2e.ts). A module of its own,
 * importing nothing: a module the first screen uses that imported PAY_API (as API's does) would tie
 * the pay pages' chunk to the first screen's, and the bundler then splits the first screen into many
 * more chunks.
 */
export const DINER_API = {
  userInfo: "/user/getUserInfo",
  restaurantDetail: "/restaurant/detail",
  tableJoin: "/table/join",
  foodCategory: "/food/getFoodCategory",
  foodList: "/food/getFoodList",
  cartJoin: "/cloud/api/v1/cart/join",
  /** not in the spec: the cart id and its sign for a table */
  cartId: "/cloud/api/v1/cart/id",
  /** not in the spec: the cart's lines and version (the cart-info fetch when a companion orders) */
  cartInfo: "/cloud/api/v1/cart/info",
  /** not in the spec: one cart operation over HTTP (the store action cart/addFoodToCart, and local-mode replay) */
  cartOps: "/cloud/api/v1/cart/ops",
  posStatus: "/cloud/api/v1/pos-status",
  recommend: "/cloud/api/v1/recommend",
  /** the sell-out call: the hotel id is appended */
  sellOut: "/cloud/api/v1/sell-out",
  /** not in the spec: period-dish info for the menu */
  periodDish: "/cloud/api/v1/period-dish",
  /** not in the spec: which member system (new or old CRM) the restaurant uses */
  crmType: "/cloud/api/v1/crm-type",
  memos: "/cloud/api/v1/restaurant-memos",
  tables: "/cloud/api/v1/tables",
  setPersonNum: "/co-channel/table/setPersonNum",
  callWaiter: "/cloud/api/v1/table-call-waiter",
  prepayNotify: "/cloud/api/v1/table-prepay-notify",
  socket: "/ws",
} as const;
