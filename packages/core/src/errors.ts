/**
 * One table of the errors the server answers: stable key, HTTP status, the envelope code the
 * client reads, and the guest-facing message. The client parses envelopes by code, never by text.
 */
export const ERRORS = {
  badRequest: { status: 400, code: 400, message: "请求参数有误" },
  unauthorized: { status: 401, code: 401, message: "身份已失效，请重新扫码" },
  /** a payload names another visitor than the credential's (a tablemate's id is not a key) */
  wrongVisitor: { status: 403, code: 1008, message: "身份不符，请重新扫码" },
  /** a table's cart, seat or order reached by a visitor not seated at its current visit */
  notSeated: { status: 403, code: 403, message: "请先扫码入座" },
  /** the party's visit ended (settled or cleared): a new scan starts the next one */
  visitEnded: { status: 409, code: 6000, message: "本次用餐已结束，请重新扫码点餐" },
  invalidTableToken: { status: 403, code: 1008, message: "桌台码无效，请重新扫码" },
  restaurantNotFound: { status: 404, code: 1011, message: "餐厅不存在" },
  tableNotFound: { status: 404, code: 404, message: "桌台不存在" },
  cartNotFound: { status: 404, code: 404, message: "购物车不存在" },
  notFound: { status: 404, code: 404, message: "请求的资源不存在" },
  /** a feature the restaurant has not switched on (or whose register is too old for it) */
  featureOff: { status: 403, code: 403, message: "本店未开通此服务" },
  staffTokenMissing: { status: 401, code: 401, message: "缺少员工凭证" },
  staffTokenInvalid: { status: 403, code: 403, message: "员工凭证无效" },
  orderMoveRefused: { status: 409, code: 4091, message: "订单状态不允许此操作" },
  nothingToSettle: { status: 409, code: 4092, message: "该桌没有待结账的订单" },
  tableHasOrders: { status: 409, code: 4093, message: "该桌还有未结账的订单，请先结账" },
  noOpenVisit: { status: 409, code: 4094, message: "该桌没有进行中的用餐" },
  tooFrequent: { status: 429, code: 8001, message: "操作太频繁，请稍后再试" },
  internal: { status: 500, code: 500, message: "系统错误" },
} as const;

export type ErrorKey = keyof typeof ERRORS;

/** The server's one error type: thrown anywhere, turned into an envelope at the edge. */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly status: number;
  readonly code: number;
  readonly detail: unknown;

  constructor(key: ErrorKey, message?: string, detail?: unknown) {
    super(message ?? ERRORS[key].message);
    this.name = "AppError";
    this.key = key;
    this.status = ERRORS[key].status;
    this.code = ERRORS[key].code;
    this.detail = detail;
  }
}

/** Why startup stopped (spec 000 §8, 001 §8); each lands on the abnormal page with its reason. */
export const STARTUP_FAILURES = [
  "hotelid",
  "guid",
  "auth",
  "restaurantInfo",
  "shopMode",
  "tableInfo",
  "cartId",
  "crmType",
  "tableJoin",
  "foodCategory",
  "foodList",
  "memos",
] as const;

export type StartupFailure = (typeof STARTUP_FAILURES)[number];
