/**
 * Every HTTP path of the contract, in one place for the server's routes and the web client.
 * The spec names most of them; the ones it leaves out sit in the same families (DECISIONS.md).
 */
import { ALLERGEN_API } from "./allergen-paths.js";
import { DINER_API } from "./diner-paths.js";
import { MENU_LANGUAGE_API } from "./menu-language-paths.js";
import { ORDER_API } from "./order-paths.js";
import { PAY_API } from "./pay-paths.js";

type Id = number | string;

/** Every staff route acts at one restaurant, named in its path (route patterns pass `:rid`). */
export const STAFF_RESTAURANT_PREFIX = "/console/api/v1/restaurants/";
const atRestaurant = (rid: Id, rest: string) => `${STAFF_RESTAURANT_PREFIX}${rid}${rest}`;

/** Every path: the diner's, and the staff's under /console/api/v1 (the server's routes, the console, tests). */
export const API = {
  ...DINER_API,
  ...ORDER_API,
  ...PAY_API,
  ...ALLERGEN_API,
  ...MENU_LANGUAGE_API,
  /** staff: change one's own password (revokes the account's other sessions) */
  consoleSessionPassword: "/console/api/v1/session/password",
  /** staff: a restaurant's orders with their events */
  staffOrders: (rid: Id) => atRestaurant(rid, "/orders"),
  /** staff: moves an order to a status */
  staffOrderStatus: (rid: Id, orderId: Id) => atRestaurant(rid, `/orders/${orderId}/status`),
  /** staff: the cashier has settled the table (every open order to 7) */
  staffSettleTable: (rid: Id, tableId: Id) => atRestaurant(rid, `/tables/${tableId}/settle`),
  /** staff: the party left without ordering; the table's visit ends */
  staffClearTable: (rid: Id, tableId: Id) => atRestaurant(rid, `/tables/${tableId}/clear`),
  // the console's floor (issue 17; ours)
  consoleFloor: (rid: Id) => atRestaurant(rid, "/floor"),
  /** one table: its detail on the floor (GET); rename, type (PUT) and delete (DELETE) from the tables page */
  consoleTable: (rid: Id, tableId: Id) => atRestaurant(rid, `/tables/${tableId}`),
  consoleOrderAction: (rid: Id, orderId: Id, action: "accept" | "serve" | "cancel" | "fulfilment") =>
    atRestaurant(rid, `/orders/${orderId}/${action}`),
  consoleLineComp: (rid: Id, lineId: Id) => atRestaurant(rid, `/order-lines/${lineId}/comp`),
  /** POST {reason, approval?}: void a line of an open order (退菜) */
  consoleLineVoid: (rid: Id, lineId: Id) => atRestaurant(rid, `/order-lines/${lineId}/void`),
  consoleTableAction: (rid: Id, tableId: Id, action: "seat" | "reverse-settle" | "cart-ops" | "submit") =>
    atRestaurant(rid, `/tables/${tableId}/${action}`),
  consoleCallAck: (rid: Id, callId: Id) => atRestaurant(rid, `/calls/${callId}/ack`),
  /** payments: GET an order's or the restaurant's payments; the money that needs a person */
  consolePayments: (rid: Id) => atRestaurant(rid, "/payments"),
  consoleMoneyIssues: (rid: Id) => atRestaurant(rid, "/payments/issues"),
  /** POST {amount, reason, approval}: refund an intent (a manager's approval always) */
  consoleRefund: (rid: Id, intentId: Id) => atRestaurant(rid, `/payments/${intentId}/refund`),
  /** POST: query the provider again for an attempt (or a refund) */
  consoleRequery: (rid: Id, tradeNo: string) => atRestaurant(rid, `/payments/attempts/${tradeNo}/requery`),
  /** the sandbox's switches (GET, PUT): delay, duplicate, out of order, dropped, failure, amount mismatch */
  consoleSandbox: (rid: Id) => atRestaurant(rid, "/payments/sandbox"),
  /** the gate before the kitchen: GET and PUT its rules */
  consoleGate: (rid: Id) => atRestaurant(rid, "/settings/gate"),
  /** the console socket, `?rid=` */
  consoleSocket: "/console/ws",
  /** staff management: list (GET), add (POST) */
  staffAccounts: (rid: Id) => atRestaurant(rid, "/staff"),
  /** a staff member's role, PIN, password, disabled flag (PUT each) */
  staffAccountRole: (rid: Id, accountId: Id) => atRestaurant(rid, `/staff/${accountId}/role`),
  staffAccountPin: (rid: Id, accountId: Id) => atRestaurant(rid, `/staff/${accountId}/pin`),
  staffAccountPassword: (rid: Id, accountId: Id) => atRestaurant(rid, `/staff/${accountId}/password`),
  staffAccountDisabled: (rid: Id, accountId: Id) => atRestaurant(rid, `/staff/${accountId}/disabled`),
  /** API keys: list (GET), create (POST; the key is shown once) */
  apiKeys: (rid: Id) => atRestaurant(rid, "/api-keys"),
  /** revoke (DELETE) */
  apiKey: (rid: Id, keyId: Id) => atRestaurant(rid, `/api-keys/${keyId}`),
  /** the audit log, newest first, filtered and paged */
  auditLog: (rid: Id) => atRestaurant(rid, "/audit"),
  /** console (kitchen): the restaurant's stations; `/:sid` one of them */
  consoleStations: (rid: Id) => atRestaurant(rid, "/stations"),
  consoleStation: (rid: Id, sid: Id) => atRestaurant(rid, `/stations/${sid}`),
  /** console (kitchen): the categories a station may cook (the restaurant's, both levels) */
  consoleStationCategories: (rid: Id) => atRestaurant(rid, "/station-categories"),
  /** console (kitchen): a station's display: open tickets, all-day counts, the last bump */
  consoleStationDisplay: (rid: Id, sid: Id) => atRestaurant(rid, `/stations/${sid}/display`),
  /** console (kitchen): recall the station's last bump */
  consoleStationRecall: (rid: Id, sid: Id) => atRestaurant(rid, `/stations/${sid}/recall`),
  /** console (kitchen): one ticket (to print it); `/bump`, `/reprint` */
  consoleTicket: (rid: Id, tid: Id) => atRestaurant(rid, `/tickets/${tid}`),
  consoleTicketBump: (rid: Id, tid: Id) => atRestaurant(rid, `/tickets/${tid}/bump`),
  consoleTicketReprint: (rid: Id, tid: Id) => atRestaurant(rid, `/tickets/${tid}/reprint`),
  /** console (owners and managers, issue 26): the failing health checks (contract/console-health.ts) */
  consoleHealth: (rid: Id) => atRestaurant(rid, "/health"),
  /** console (printing, issue 27): the printers (GET, POST); `/:pid` (PUT, DELETE), its test page */
  consolePrinters: (rid: Id) => atRestaurant(rid, "/printers"),
  consolePrinter: (rid: Id, pid: Id) => atRestaurant(rid, `/printers/${pid}`),
  consolePrinterTest: (rid: Id, pid: Id) => atRestaurant(rid, `/printers/${pid}/test`),
  /** console (printing): a virtual printer's paper (the demo's printers, shown as strips) */
  consolePrinterPaper: (rid: Id, pid: Id) => atRestaurant(rid, `/printers/${pid}/paper`),
  /** console (printing): where a station's tickets print (PUT) */
  consoleStationPrinter: (rid: Id, sid: Id) => atRestaurant(rid, `/stations/${sid}/printer`),
  /** console (printing): the print queue, newest first; a job's retry, its reprint (重印) */
  consolePrintJobs: (rid: Id) => atRestaurant(rid, "/print-jobs"),
  consolePrintJobRetry: (rid: Id, jid: Id) => atRestaurant(rid, `/print-jobs/${jid}/retry`),
  /** console (printing): a job with its page (GET); a browser printer's job printed by the console (POST) */
  consolePrintJob: (rid: Id, jid: Id) => atRestaurant(rid, `/print-jobs/${jid}`),
  consolePrintJobPrinted: (rid: Id, jid: Id) => atRestaurant(rid, `/print-jobs/${jid}/printed`),
  consolePrintJobReprint: (rid: Id, jid: Id) => atRestaurant(rid, `/print-jobs/${jid}/reprint`),
  /** a cloud printer service's callback that a print finished (`feieyun`, `yilianyun`; signed, form POST) */
  printCallback: (service: string) => `/print/api/v1/callback/${service}`,
  /** console (printing): print the order's bill at the counter printer (POST) */
  consoleOrderBillPrint: (rid: Id, oid: Id) => atRestaurant(rid, `/orders/${oid}/bill/print`),
  /** console: an order's customer bill (with the orders added to it); printing it sends nothing to the kitchen */
  consoleOrderBill: (rid: Id, oid: Id) => atRestaurant(rid, `/orders/${oid}/bill`),
  /** console (floor.read): one order with its payments, refunds, tickets and history */
  consoleOrder: (rid: Id, oid: Id) => atRestaurant(rid, `/orders/${oid}`),
  /** staff (menu.write; reading floor.read): the restaurant's whole menu as the console edits it */
  consoleMenu: (rid: Id) => atRestaurant(rid, "/menu"),
  consoleCategories: (rid: Id) => atRestaurant(rid, "/menu/categories"),
  consoleCategory: (rid: Id, categoryId: Id) => atRestaurant(rid, `/menu/categories/${categoryId}`),
  consoleCategoryOrder: (rid: Id) => atRestaurant(rid, "/menu/categories/order"),
  consoleDishes: (rid: Id) => atRestaurant(rid, "/menu/dishes"),
  consoleDish: (rid: Id, dishId: Id) => atRestaurant(rid, `/menu/dishes/${dishId}`),
  consoleDishHidden: (rid: Id, dishId: Id) => atRestaurant(rid, `/menu/dishes/${dishId}/hidden`),
  /** the dishes of a category (or second category), in a new order */
  consoleDishOrder: (rid: Id, categoryId: Id) =>
    atRestaurant(rid, `/menu/categories/${categoryId}/dishes/order`),
  consoleRecommends: (rid: Id) => atRestaurant(rid, "/menu/recommends"),
  consoleMemos: (rid: Id) => atRestaurant(rid, "/menu/memos"),
  consoleMemo: (rid: Id, memoId: Id) => atRestaurant(rid, `/menu/memos/${memoId}`),
  /** multipart upload of a dish image (field `file`) */
  consoleImages: (rid: Id) => atRestaurant(rid, "/menu/images"),
  /** staff (menu.write): GET ?lang= a language's translations and every language's completeness; PUT changes some */
  consoleTranslations: (rid: Id) => atRestaurant(rid, "/menu/translations"),
  /** staff (settings.write; reading floor.read): modes, hours, templates, start price, texts */
  consoleSettings: (rid: Id) => atRestaurant(rid, "/settings"),
  /** staff (stock): the stock page's read (dishes, additions, POS switch) */
  consoleStock: (rid: Id) => atRestaurant(rid, "/stock"),
  /** staff: one dish's stock change (sold out, restore, count, add, snooze) */
  consoleDishStock: (rid: Id, dishId: Id) => atRestaurant(rid, `/stock/dishes/${dishId}`),
  /** staff: one addition's stock change */
  consoleAdditionStock: (rid: Id, additionId: Id) => atRestaurant(rid, `/stock/additions/${additionId}`),
  /** staff: the POS online switch */
  consolePos: (rid: Id) => atRestaurant(rid, "/pos"),
  /** staff: the restaurant's tables (list, create) */
  consoleTables: (rid: Id) => atRestaurant(rid, "/tables"),
  /** staff: a printable A4 sheet of the tables' QR codes (HTML; `?ids=1,2`) */
  consoleQrSheet: (rid: Id) => atRestaurant(rid, "/tables/qr-sheet"),
  /** the staff console's session (sign in, read, sign out; cookie `tm_staff`): contract/console-session.ts */
  consoleSession: "/console/api/v1/session",
  // the console's members (issue 19; ours): contract/console-members.ts
  /** GET ?q=: members by phone or card number, with their cards here */
  consoleMembers: (rid: Id) => atRestaurant(rid, "/members"),
  /** GET: one of the restaurant's cards */
  consoleMemberCard: (rid: Id, cardId: Id) => atRestaurant(rid, `/member-cards/${cardId}`),
  /** GET ?page=&pageSize=: a card's ledger, newest first */
  consoleMemberLedger: (rid: Id, cardId: Id) => atRestaurant(rid, `/member-cards/${cardId}/ledger`),
  /** PUT {status, reason}: freeze (4) or unfreeze (1) */
  consoleMemberCardStatus: (rid: Id, cardId: Id) => atRestaurant(rid, `/member-cards/${cardId}/status`),
  /** POST: a stored-value or points adjustment (a ledger entry, with a manager's approval) */
  consoleMemberAdjust: (rid: Id, cardId: Id) => atRestaurant(rid, `/member-cards/${cardId}/adjustments`),
  /** GET, POST: coupon templates */
  consoleCouponTemplates: (rid: Id) => atRestaurant(rid, "/coupon-templates"),
  /** PUT {enabled} */
  consoleCouponTemplateEnabled: (rid: Id, templateId: Id) =>
    atRestaurant(rid, `/coupon-templates/${templateId}/enabled`),
  /** POST {cardId, giveId}: one coupon of the template to a card */
  consoleCouponGive: (rid: Id, templateId: Id) => atRestaurant(rid, `/coupon-templates/${templateId}/give`),
  /** GET, POST: recharge rules; `/:ruleId` PUT (edit, enable, disable) */
  consoleRechargeRules: (rid: Id) => atRestaurant(rid, "/recharge-rules"),
  consoleRechargeRule: (rid: Id, ruleId: Id) => atRestaurant(rid, `/recharge-rules/${ruleId}`),
  /** GET, POST: card types with their member days; `/:typeId` PUT */
  consoleCardTypes: (rid: Id) => atRestaurant(rid, "/card-types"),
  consoleCardType: (rid: Id, typeId: Id) => atRestaurant(rid, `/card-types/${typeId}`),
  /** GET, POST: 满减 offers; `/:offerId/enabled` PUT */
  consoleDiscountOffers: (rid: Id) => atRestaurant(rid, "/discount-offers"),
  consoleDiscountOfferEnabled: (rid: Id, offerId: Id) =>
    atRestaurant(rid, `/discount-offers/${offerId}/enabled`),
  /** the console: another staff member takes the tablet with their PIN */
  consoleSessionPin: "/console/api/v1/session/pin",
  /** the console's numbers of a date range (contract/console-reports.ts) */
  consoleReportsSummary: (rid: number | string) => `/console/api/v1/restaurants/${rid}/reports/summary`,
  /** the orders of a date range as CSV */
  consoleReportsCsv: (rid: number | string) => `/console/api/v1/restaurants/${rid}/reports/orders.csv`,
  healthz: "/healthz",
  /** readiness: the store, Redis, reconciliation, backups and disk, each with what to do */
  readyz: "/readyz",
} as const;
