import type {
  AdditionCategory,
  ApiKeyRole,
  ComboItem,
  CouponState,
  DiscountStepView,
  FulfilmentStep,
  GateReason,
  GateRules,
  LedgerEntryKind,
  MethodCategory,
  Norm,
  PaperWidth,
  PrintDoc,
  PrinterKind,
  PrinterSettings,
  PrinterState,
  PrintJobKind,
  PrintJobState,
  StaffRole,
} from "@tablemate/core";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** A required reference to a row of another table: the one shape every foreign key here takes. */
const reference = (column: string, target: () => AnyPgColumn) => integer(column).notNull().references(target);
const restaurantRef = () => reference("restaurant_id", () => restaurants.id);
const tableRef = () => reference("table_id", () => tables.id);
const cartRef = () => reference("cart_id", () => carts.id);
const orderRef = () => reference("order_id", () => orders.id);
const visitRef = () => reference("visit_id", () => visits.id);

/** Key-value facts about this installation (demo seed marker, generated secrets). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

export const restaurants = pgTable("restaurants", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  /** how its QR links open: dine-in, takeout or reservation */
  linkMode: text("link_mode").$type<"dine" | "takeout" | "reserve">().notNull().default("dine"),
  wctPayType: integer("wct_pay_type").notNull().default(0),
  fastHotel: boolean("fast_hotel").notNull().default(false),
  foodTakingMode: integer("food_taking_mode").$type<0 | 1 | 2>().notNull().default(0),
  wctPayOnly: integer("wct_pay_only").notNull().default(0),
  fastFoodNeedPersonNum: boolean("fast_food_need_person_num").notNull().default(false),
  /** the takeout minimum (起送价), judged on the goods before the delivery fee */
  startPrice: numeric("start_price", { precision: 12, scale: 4 }).notNull().default("0"),
  /** takeout's delivery fee, whole cents (migration 0068, core's delivery.ts) */
  deliveryFeeCents: integer("delivery_fee_cents").notNull().default(0),
  /** takeout's preparation and delivery, minutes: the diner's 预计送达 */
  deliveryMinutes: integer("delivery_minutes").notNull().default(45),
  hotelLock: boolean("hotel_lock").notNull().default(false),
  hideTotalPrice: boolean("hide_total_price").notNull().default(false),
  wctCallService: boolean("wct_call_service").notNull().default(true),
  openRecharge: boolean("open_recharge").notNull().default(false),
  serverVersion: text("server_version").notNull().default("2.35.15"),
  crmType: text("crm_type").$type<"new" | "old">().notNull().default("new"),
  posOnline: boolean("pos_online").notNull().default(true),
  /** takeout and reservation orders need a code sent to the diner's phone (submit code 2008) */
  verifyPhone: boolean("verify_phone").notNull().default(false),
  iconUrl: text("icon_url").notNull().default(""),
  address: text("address").notNull().default(""),
  phone: text("phone").notNull().default(""),
  /** 'HH:MM-HH:MM'; outside it the shop is closed */
  businessTime: text("business_time").notNull().default("00:00-24:00"),
  timezone: text("timezone").notNull().default("Asia/Shanghai"),
  tags: jsonb("tags").$type<string[]>().notNull().default([]),
  environment: jsonb("environment").$type<string[]>().notNull().default([]),
  hotelLabel: text("hotel_label").notNull().default(""),
  description: text("description").notNull().default(""),
  announcement: text("announcement").notNull().default(""),
  discountText: text("discount_text").notNull().default(""),
  latitude: doublePrecision("latitude").notNull().default(0),
  longitude: doublePrecision("longitude").notNull().default(0),
  foodsTemplate: integer("foods_template").$type<1 | 2 | 3 | 4>().notNull().default(1),
  recommendsTemplate: integer("recommends_template").$type<1 | 2>().notNull().default(1),
  /** compare-and-set for the console's settings form: bumped by every settings change */
  version: integer("version").notNull().default(0),
  /** the gate before the kitchen (core's GateRules, parsed with gateRulesSchema); {} holds nothing */
  gateRules: jsonb("gate_rules").$type<Partial<GateRules>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const tables = pgTable(
  "tables",
  {
    id: serial("id").primaryKey(),
    restaurantId: restaurantRef(),
    name: text("name").notNull(),
    tableType: integer("table_type").notNull().default(1),
    personNum: integer("person_num").notNull().default(0),
    sort: integer("sort").notNull().default(0),
    /** deleted from the console (kept: orders name it); its link no longer seats anyone */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [index("tables_restaurant_idx").on(t.restaurantId)],
);

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    restaurantId: restaurantRef(),
    /** set for a second-level category */
    parentId: integer("parent_id"),
    name: text("name").notNull(),
    sort: integer("sort").notNull().default(0),
    /** hidden from diners (with its dishes), kept for the console */
    hidden: boolean("hidden").notNull().default(false),
    /** compare-and-set for console edits */
    version: integer("version").notNull().default(0),
  },
  (t) => [index("categories_restaurant_idx").on(t.restaurantId)],
);

export const dishes = pgTable(
  "dishes",
  {
    id: serial("id").primaryKey(),
    restaurantId: restaurantRef(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    secondCategoryId: integer("second_category_id"),
    name: text("name").notNull(),
    intro: text("intro").notNull().default(""),
    unit: text("unit").notNull().default("份"),
    price: numeric("price", { precision: 12, scale: 4 }).notNull(),
    vipPrice: numeric("vip_price", { precision: 12, scale: 4 }),
    pricingType: integer("pricing_type").notNull().default(0),
    startPrice: numeric("start_price", { precision: 12, scale: 4 }),
    startVipPrice: numeric("start_vip_price", { precision: 12, scale: 4 }),
    weigh: boolean("weigh").notNull().default(false),
    /** -1: no minimum */
    minCount: integer("min_count").notNull().default(-1),
    inceptStep: integer("incept_step").notNull().default(1),
    necessary: boolean("necessary").notNull().default(false),
    mustFoodType: integer("must_food_type").notNull().default(0),
    mustFoodNum: integer("must_food_num").notNull().default(1),
    season: boolean("season").notNull().default(false),
    foodproperty: integer("foodproperty").notNull().default(0),
    code: text("code").notNull().default(""),
    /** remaining stock: -1 unlimited, 0 sold out */
    estimate: integer("estimate").notNull().default(-1),
    /** a timed sold out (snooze): diners see 0 until then (core's availableEstimate); null when none */
    snoozedUntil: timestamp("snoozed_until", { withTimezone: true }),
    sort: integer("sort").notNull().default(0),
    isRecommend: boolean("is_recommend").notNull().default(false),
    /** the order among 老板推荐 (then by sort) */
    recommendSort: integer("recommend_sort").notNull().default(0),
    /** hidden from diners (not on the menu, not orderable), kept for the console */
    hidden: boolean("hidden").notNull().default(false),
    /** compare-and-set for console edits: two managers editing one dish never silently overwrite */
    version: integer("version").notNull().default(0),
    /** 0 always on sale; 1 by salable days and time */
    salablePeriodType: integer("salable_period_type").notNull().default(0),
    salableDays: text("salable_days").notNull().default("0"),
    salableTime: text("salable_time").notNull().default("0"),
    imageKey: text("image_key").notNull().default(""),
    norms: jsonb("norms").$type<Norm[]>().notNull().default([]),
    methodCategories: jsonb("method_categories").$type<MethodCategory[]>().notNull().default([]),
    additionCategories: jsonb("addition_categories").$type<AdditionCategory[]>().notNull().default([]),
    combos: jsonb("combos").$type<ComboItem[]>().notNull().default([]),
    /** core's allergen codes the dish itself contains; null until declared (issue 29, migration 0060) */
    allergens: text("allergens").array(),
    diets: text("diets").array().notNull().default([]),
  },
  (t) => [
    index("dishes_restaurant_idx").on(t.restaurantId),
    /** the snoozes still to lift (realtime/snooze-lifts.ts polls them) */
    index("dishes_snoozed_idx").on(t.snoozedUntil).where(sql`${t.snoozedUntil} is not null`),
  ],
);

/**
 * Stock of an addition (add-on) shared by the dishes that offer it; absent, or -1, means unlimited
 * (place_orders skips -1 since migration 0014, as it does a dish's).
 */
export const additionStock = pgTable(
  "addition_stock",
  {
    additionId: integer("addition_id").primaryKey(),
    restaurantId: restaurantRef(),
    estimate: integer("estimate").notNull(),
    snoozedUntil: timestamp("snoozed_until", { withTimezone: true }),
  },
  (t) => [index("addition_stock_snoozed_idx").on(t.snoozedUntil).where(sql`${t.snoozedUntil} is not null`)],
);

export const memos = pgTable("memos", {
  id: serial("id").primaryKey(),
  restaurantId: restaurantRef(),
  type: text("type").notNull(),
  content: text("content").notNull(),
  number: integer("number").notNull().default(0),
});

/** A translation of one text of a restaurant's menu into one language (issue 28; menu-translation.ts). */
export const menuTranslations = pgTable(
  "menu_translations",
  {
    restaurantId: restaurantRef(),
    /** a BCP-47 tag in canonical case (en-US) */
    lang: text("lang").notNull(),
    /** the base text as the menu holds it (trimmed) */
    source: text("source").notNull(),
    text: text("text").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "menu_translations_pk", columns: [t.restaurantId, t.lang, t.source] })],
);

/** A visitor, known by its guid (security/visitor.ts: the guid identifies, its credential authorises). */
export const visitors = pgTable("visitors", {
  guid: text("guid").primaryKey(),
  phone: text("phone").notNull().default(""),
  nickname: text("nickname").notNull().default(""),
  headImagUrl: text("head_imag_url").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One party's stay at a table: opened by the first diner who scans its code, ended when the table is
 * settled or cleared. Carts, seats and so orders belong to a visit; a table has at most one open visit.
 */
export const visits = pgTable(
  "visits",
  {
    id: serial("id").primaryKey(),
    restaurantId: restaurantRef(),
    tableId: tableRef(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** who ended it: 'staff' or 'staff:<name>' */
    endedBy: text("ended_by").notNull().default(""),
    /**
     * the card fixed by the visit's first paid order (001 §4: prepayment); tablemates share its
     * member benefits (000 §6) and nobody switches cards afterwards
     */
    memberCardId: integer("member_card_id").references((): AnyPgColumn => memberCards.id),
    /** the allergies the table told the kitchen at a submit, kept for every later ticket of the visit */
    kitchenAllergens: text("kitchen_allergens").array().notNull().default([]),
  },
  (t) => [uniqueIndex("visits_table_open").on(t.tableId).where(sql`${t.endedAt} is null`)],
);

/** The open cart of a real table, or of one visitor's virtual table in quick-service. */
export const carts = pgTable(
  "carts",
  {
    id: serial("id").primaryKey(),
    restaurantId: restaurantRef(),
    tableId: tableRef(),
    visitId: visitRef(),
    /** '' for a real table's shared cart; the visitor's guid for a virtual table */
    ownerGuid: text("owner_guid").notNull().default(""),
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("carts_visit_owner").on(t.visitId, t.ownerGuid),
    index("carts_table_idx").on(t.tableId),
  ],
);

/** Who sits at a table during a visit: one row per visitor per visit. */
export const tableUsers = pgTable(
  "table_users",
  {
    id: serial("id").primaryKey(),
    tableId: tableRef(),
    visitId: visitRef(),
    guid: text("guid").notNull(),
    cartId: integer("cart_id"),
    nickname: text("nickname").notNull().default(""),
    headIcon: text("head_icon").notNull().default(""),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    /** what this diner avoids, when they chose to share it with the table (issue 29) */
    avoidAllergens: text("avoid_allergens").array().notNull().default([]),
  },
  (t) => [
    uniqueIndex("table_users_visit_guid").on(t.visitId, t.guid),
    /** the visits a diner sat at (their order list) */
    index("table_users_guid_idx").on(t.guid),
  ],
);

/** One line of a cart, keyed by its detail id (spec 000 §3). */
export const cartLines = pgTable(
  "cart_lines",
  {
    id: serial("id").primaryKey(),
    cartId: cartRef(),
    detailId: text("detail_id").notNull(),
    foodId: integer("food_id").notNull(),
    normId: integer("norm_id"),
    methodIds: jsonb("method_ids").$type<number[]>().notNull().default([]),
    additions: jsonb("additions").$type<Array<{ id: number; count: number }>>().notNull().default([]),
    parts: jsonb("parts").$type<Array<{ itemId: number; count: number }>>().notNull().default([]),
    count: numeric("count", { precision: 12, scale: 3 }).notNull(),
    memo: text("memo").notNull().default(""),
    /** who last changed it, for the tablemate notice */
    updatedBy: text("updated_by").notNull().default(""),
    /** keeps lines in the order they were first added */
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("cart_lines_cart_detail").on(t.cartId, t.detailId)],
);

/** Operations already applied, so a resent operation returns its first result instead of applying twice. */
export const cartOps = pgTable(
  "cart_ops",
  {
    cartId: cartRef(),
    opId: text("op_id").notNull(),
    version: integer("version").notNull(),
    ok: boolean("ok").notNull(),
    message: text("message").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("cart_ops_cart_op").on(t.cartId, t.opId)],
);

/** An order. Nothing is deleted: status changes are written to order_events with who and when. */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    restaurantId: restaurantRef(),
    tableId: tableRef(),
    cartId: cartRef(),
    /** the order's main user (wxId): who submitted first, and who may add to it */
    mainGuid: text("main_guid").notNull(),
    /** set on an order added to an earlier one */
    mainOrderId: integer("main_order_id"),
    /** the client's submit id: the same submit twice yields this one order */
    submitId: text("submit_id").notNull(),
    status: integer("status").notNull().default(0),
    paymentType: integer("payment_type").notNull().default(0),
    eatType: text("eat_type").$type<"dine" | "fast" | "takeout" | "reserve">().notNull(),
    personNum: integer("person_num").notNull().default(0),
    wholeMemo: text("whole_memo").notNull().default(""),
    invoiceTitle: text("invoice_title").notNull().default(""),
    reserve: jsonb("reserve").$type<{
      name: string;
      phone: string;
      sex: string;
      num: number;
      time: string;
      memo: string;
      address: string;
    }>(),
    totalPrice: numeric("total_price", { precision: 12, scale: 2 }).notNull(),
    vipTotalPrice: numeric("vip_total_price", { precision: 12, scale: 2 }).notNull(),
    fastSerialNo: integer("fast_serial_no"),
    faultChannel: boolean("fault_channel").notNull().default(false),
    faultCart: boolean("fault_cart").notNull().default(false),
    /** the gate holds it (status 0) until a waiter accepts it; the kitchen does not see it meanwhile */
    held: boolean("held").notNull().default(false),
    /** which of the restaurant's gate rules held it */
    gateReasons: jsonb("gate_reasons").$type<GateReason[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    posTime: timestamp("pos_time", { withTimezone: true }),
    /**
     * the member status it was placed with (migration 0021): the card whose benefits priced it (the
     * visit's fixed card, or the submitter's own), whether they gave member prices, and the member
     * day's percent then; /pay prices it with them (the price seen before submitting is the price charged)
     */
    memberCardId: integer("member_card_id").references((): AnyPgColumn => memberCards.id),
    memberPrices: boolean("member_prices").notNull().default(false),
    memberDayPercent: integer("member_day_percent"),
    /**
     * the mode's progress beside the status (migration 0040, core's fulfilment.ts): a takeout's
     * delivery, a reservation's answer, a called pick-up number (calledCount: how often)
     */
    fulfilment: text("fulfilment").$type<FulfilmentStep>(),
    fulfilmentAt: timestamp("fulfilment_at", { withTimezone: true }),
    calledCount: integer("called_count").notNull().default(0),
    /** the delivery fee it was placed with, whole cents (migration 0068, core's orderDeliveryFeeCents) */
    deliveryFeeCents: integer("delivery_fee_cents").notNull().default(0),
    /** a takeout's minutes to the door as the restaurant set them at submit (its 预计送达); null otherwise */
    deliveryMinutes: integer("delivery_minutes"),
  },
  (t) => [
    check("orders_delivery_fee", sql`${t.deliveryFeeCents} >= 0`),
    check("orders_member_day_percent", sql`${t.memberDayPercent} between 1 and 100`),
    check(
      "orders_fulfilment",
      sql`${t.fulfilment} in ('delivering', 'delivered', 'confirmed', 'declined', 'called')`,
    ),
    check(
      "orders_called_count",
      sql`${t.calledCount} >= 0 and (${t.calledCount} = 0) = (${t.fulfilment} is distinct from 'called')`,
    ),
    uniqueIndex("orders_restaurant_submit").on(t.restaurantId, t.submitId),
    index("orders_table_idx").on(t.tableId),
    index("orders_cart_idx").on(t.cartId),
    /** a diner's own orders (their order list) */
    index("orders_main_guid_idx").on(t.mainGuid),
  ],
);

/** A dish as ordered: names and prices are copied, so a later menu change never rewrites an order. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: orderRef(),
    foodId: integer("food_id").notNull(),
    name: text("name").notNull(),
    unit: text("unit").notNull(),
    detailId: text("detail_id").notNull(),
    normName: text("norm_name").notNull().default(""),
    methodNames: jsonb("method_names").$type<string[]>().notNull().default([]),
    additions: jsonb("additions")
      .$type<Array<{ id: number; name: string; count: number }>>()
      .notNull()
      .default([]),
    parts: jsonb("parts")
      .$type<Array<{ itemId: number; name: string; count: number }>>()
      .notNull()
      .default([]),
    count: numeric("count", { precision: 12, scale: 3 }).notNull(),
    unitPrice: numeric("unit_price", { precision: 12, scale: 4 }).notNull(),
    vipUnitPrice: numeric("vip_unit_price", { precision: 12, scale: 4 }).notNull(),
    total: numeric("total", { precision: 12, scale: 4 }).notNull(),
    vipTotal: numeric("vip_total", { precision: 12, scale: 4 }).notNull(),
    memo: text("memo").notNull().default(""),
    /** who put it in the cart (its last changer): a diner's guid or `staff:<id>` */
    addedBy: text("added_by").notNull().default(""),
    /** given for free, with a manager's approval: who, why, when */
    compedAt: timestamp("comped_at", { withTimezone: true }),
    compedBy: text("comped_by").notNull().default(""),
    compReason: text("comp_reason").notNull().default(""),
    /** voided from its open order by staff (退菜), with who and why: it counts for nothing any more */
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    voidedBy: text("voided_by").notNull().default(""),
    voidReason: text("void_reason").notNull().default(""),
  },
  (t) => [index("order_lines_order_idx").on(t.orderId)],
);

export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: orderRef(),
    fromStatus: integer("from_status"),
    toStatus: integer("to_status").notNull(),
    /** a diner's guid, or 'staff:<name>' */
    actor: text("actor").notNull(),
    note: text("note").notNull().default(""),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId)],
);

/** Module-view tracking (001 §9): a visitor saw a module of the menu on a restaurant day (migration 0036). */
export const moduleViews = pgTable(
  "module_views",
  {
    restaurantId: restaurantRef(),
    day: date("day").notNull(),
    /** header, recommend, c<category id> or s<second category id> (core's moduleKeySchema) */
    module: text("module").notNull(),
    guid: text("guid").notNull(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.day, t.module, t.guid] })],
);

/** Quick-service pick-up numbers: the last one given per restaurant and day, counted up by each order. */
export const fastSerials = pgTable(
  "fast_serials",
  {
    restaurantId: restaurantRef(),
    day: date("day").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.day] })],
);

/** A diner calling the waiter (pay-later) or asking to pay (prepayment); staff mark it handled. */
export const waiterCalls = pgTable(
  "waiter_calls",
  {
    id: serial("id").primaryKey(),
    restaurantId: restaurantRef(),
    tableId: tableRef(),
    kind: text("kind").$type<"call" | "prepay">().notNull(),
    model: text("model").notNull().default(""),
    guid: text("guid").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    /** the staff member who acknowledged it */
    handledBy: text("handled_by").notNull().default(""),
  },
  (t) => [index("waiter_calls_restaurant_idx").on(t.restaurantId)],
);

/**
 * The last verification code sent to a phone at a restaurant for one purpose (`order`: takeout and
 * reservation orders; `login`: the member login, migration 0024): only its HMAC is kept, with when it
 * was sent (the resend cooldown), when it expires, and the wrong tries.
 */
export const phoneCodes = pgTable(
  "phone_codes",
  {
    restaurantId: restaurantRef(),
    phone: text("phone").notNull(),
    purpose: text("purpose").$type<"order" | "login">().notNull().default("order"),
    codeHash: text("code_hash").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.restaurantId, t.phone, t.purpose] }),
    check("phone_codes_purpose", sql`${t.purpose} in ('order', 'login')`),
  ],
);

/**
 * Every staff action, append-only (a trigger refuses updates and deletes, migration 0010): who
 * (`staff:<account id>` or `apikey:<id>`, with the name shown then), the approver of a sensitive
 * action, what was done to which target, and the target before and after.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    restaurantId: restaurantRef(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actor: text("actor").notNull(),
    actorName: text("actor_name").notNull(),
    approver: text("approver"),
    approverName: text("approver_name"),
    action: text("action").notNull(),
    target: text("target").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [index("audit_log_restaurant_at_idx").on(t.restaurantId, t.at)],
);

/**
 * A staff member's account (issue 17). The login (phone or username) is unique case-insensitively;
 * the password and PIN are scrypt hashes that carry their own salt and parameters
 * (`scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`), so the cost can rise without breaking older hashes.
 */
export const staffAccounts = pgTable(
  "staff_accounts",
  {
    id: serial("id").primaryKey(),
    login: text("login").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    pinHash: text("pin_hash").notNull(),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
    disabled: boolean("disabled").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_accounts_login_key").on(sql`lower(${t.login})`)],
);
const accountRef = () => reference("account_id", () => staffAccounts.id);

/** An account's role at one restaurant; an owner may own several restaurants. */
export const staffMemberships = pgTable(
  "staff_memberships",
  {
    accountId: accountRef(),
    restaurantId: restaurantRef(),
    role: text("role").$type<StaffRole>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.restaurantId] }),
    index("staff_memberships_restaurant_idx").on(t.restaurantId),
  ],
);

/**
 * A signed-in device. Only the SHA-256 of its random token is kept, so a copy of the database signs
 * nobody in. A PIN switch's session acts for its restaurant alone (restaurant_id); a password
 * sign-in's for every restaurant of the account (null).
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    accountId: accountRef(),
    restaurantId: integer("restaurant_id").references(() => restaurants.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("staff_sessions_account_idx").on(t.accountId)],
);

/**
 * Failed sign-ins, PINs and approvals per key (`account:<id>`, `address:<ip>`, ...), in the database
 * so the limits hold across server processes (core's takeAttempt / settleAttempt decide).
 */
export const loginAttempts = pgTable("login_attempts", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

/** A restaurant's machine credential: named, with a role (never owner), stored as a hash and a visible prefix. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    restaurantId: restaurantRef(),
    name: text("name").notNull(),
    role: text("role").$type<ApiKeyRole>().notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    createdBy: integer("created_by").references(() => staffAccounts.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("api_keys_restaurant_idx").on(t.restaurantId)],
);

/** A kitchen station (热菜, 凉菜, 吧台…) of a restaurant: its display shows the tickets routed to it. */
export const stations = pgTable(
  "stations",
  {
    id: serial("id").primaryKey(),
    restaurantId: restaurantRef(),
    name: text("name").notNull(),
    /** lower first; the first station takes the dishes no category routes */
    sort: integer("sort").notNull().default(0),
    /** where its tickets print (issue 27); none: the display only */
    printerId: integer("printer_id").references((): AnyPgColumn => printers.id),
  },
  (t) => [uniqueIndex("stations_restaurant_name").on(t.restaurantId, t.name)],
);

const stationRef = () => reference("station_id", () => stations.id);

/** Which categories a station cooks; a category may go to two stations. */
export const stationCategories = pgTable(
  "station_categories",
  {
    stationId: stationRef(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.categoryId] })],
);

/**
 * A kitchen ticket: an append-only delta of one order at one station ("new": its lines to make,
 * "cancel": lines taken back). `key` makes a replayed or concurrent creation a no-op: one "new" and at
 * most one "cancel" per order and station.
 */
export const kitchenTickets = pgTable(
  "kitchen_tickets",
  {
    id: serial("id").primaryKey(),
    restaurantId: restaurantRef(),
    orderId: orderRef(),
    stationId: stationRef(),
    kind: text("kind").$type<"new" | "cancel">().notNull(),
    key: text("key").notNull(),
    /** compare-and-set: every bump and recall of the ticket adds one */
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("kitchen_tickets_key").on(t.key),
    index("kitchen_tickets_station_idx").on(t.stationId, t.createdAt),
    index("kitchen_tickets_order_idx").on(t.orderId),
  ],
);

/** One order line on a ticket, with its state; unique per line, station and kind (never twice on a station). */
export const kitchenItems = pgTable(
  "kitchen_items",
  {
    id: serial("id").primaryKey(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => kitchenTickets.id),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id),
    stationId: stationRef(),
    kind: text("kind").$type<"new" | "cancel">().notNull(),
    count: numeric("count", { precision: 12, scale: 3 }).notNull(),
    state: text("state").$type<"held" | "cooking" | "ready" | "served" | "void">().notNull().default("held"),
  },
  (t) => [
    uniqueIndex("kitchen_items_line_station_kind").on(t.orderLineId, t.stationId, t.kind),
    index("kitchen_items_ticket_idx").on(t.ticketId),
    /** a station's open items (its display) */
    index("kitchen_items_station_state_idx").on(t.stationId, t.state),
  ],
);

/** A station's bumps, so the last one can be recalled: each item's state before and after. */
export const kitchenBumps = pgTable(
  "kitchen_bumps",
  {
    id: serial("id").primaryKey(),
    stationId: stationRef(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => kitchenTickets.id),
    moves: jsonb("moves").$type<Array<{ itemId: number; from: string; to: string }>>().notNull(),
    actor: text("actor").notNull(),
    actorName: text("actor_name").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    recalledAt: timestamp("recalled_at", { withTimezone: true }),
  },
  (t) => [index("kitchen_bumps_station_idx").on(t.stationId, t.id)],
);

// ── Printing (issue 27): printers, and the print queue that prints each page exactly once ─────────

/** A restaurant's printer: its kind's settings (secrets sealed with SECRET), its backup, its state. */
export const printers = pgTable(
  "printers",
  {
    id: serial("id").primaryKey(),
    restaurantId: restaurantRef(),
    name: text("name").notNull(),
    kind: text("kind").$type<PrinterKind>().notNull(),
    paper: integer("paper").$type<PaperWidth>().notNull().default(80),
    /** the kind's settings that are no secret (host and port; user and SN; client id and machine code) */
    settings: jsonb("settings").$type<PrinterSettings>().notNull().default({}),
    /** the 飞鹅 UKEY or the 易联云 client secret, sealed (security/sealed.ts); never shown again */
    sealedSecret: text("sealed_secret"),
    backupPrinterId: integer("backup_printer_id").references((): AnyPgColumn => printers.id),
    /** bills and pick-up slips print here */
    counter: boolean("counter").notNull().default(false),
    state: text("state").$type<PrinterState>().notNull().default("unknown"),
    stateAt: timestamp("state_at", { withTimezone: true }),
    /**
     * A cloud printer's unprinted queue at its service, cleared (飞鹅 Open_delPrinterSqs, 易联云
     * cancelall; 0070): when the last clear the service confirmed was asked (a job sent there before it
     * that has not printed never will), and when one was asked whose answer was lost (it may have
     * cleared: asked again until one is confirmed)
     */
    queueClearedAt: timestamp("queue_cleared_at", { withTimezone: true }),
    queueClearAskedAt: timestamp("queue_clear_asked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("printers_restaurant_name").on(t.restaurantId, t.name)],
);

/**
 * One page for one printer, with its own id (the cloud services' idempotency key). `key` makes the
 * same page for the same printer a no-op (a ticket queued twice prints once); `first_printer_id`
 * stays the station's printer when the job moves to the backup (printed 转打印).
 */
export const printJobs = pgTable(
  "print_jobs",
  {
    id: serial("id").primaryKey(),
    restaurantId: restaurantRef(),
    printerId: reference("printer_id", () => printers.id),
    firstPrinterId: reference("first_printer_id", () => printers.id),
    kind: text("kind").$type<PrintJobKind>().notNull(),
    key: text("key").notNull(),
    ticketId: integer("ticket_id").references(() => kitchenTickets.id),
    orderId: integer("order_id").references(() => orders.id),
    page: jsonb("page").$type<PrintDoc>().notNull(),
    state: text("state").$type<PrintJobState>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** when the queue looks at it next: a retry's backoff, or the next question to the service */
    nextAt: timestamp("next_at", { withTimezone: true }).notNull().defaultNow(),
    /** the service's own id of the print (飞鹅's order id, 易联云's order_id) */
    remoteId: text("remote_id"),
    error: text("error").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    doneAt: timestamp("done_at", { withTimezone: true }),
    transferredAt: timestamp("transferred_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("print_jobs_key").on(t.key),
    index("print_jobs_due_idx").on(t.state, t.nextAt),
    index("print_jobs_restaurant_idx").on(t.restaurantId, t.id),
  ],
);

// ── Payment (issue 18): what is owed, the attempts to pay it, the provider's word, refunds ──────────

const intentRef = () => reference("intent_id", () => payIntents.id);
const cents = (column: string) => integer(column).notNull();

/**
 * What is owed: an order (prepayment and quick-service), one diner's share of a table's bill (pay
 * later, split by item), or a member's recharge (0022). Paid and refunded amounts are never stored
 * here: they are sums over pay_events.
 */
export const payIntents = pgTable(
  "pay_intents",
  {
    id: serial("id").primaryKey(),
    restaurantId: restaurantRef(),
    kind: text("kind").$type<"order" | "bill" | "recharge">().notNull(),
    /** the group's main order, for kind "order" (pay_intent_orders lists the orders it pays) */
    orderId: integer("order_id").references(() => orders.id),
    /** the table's visit, for kind "bill" */
    visitId: integer("visit_id").references(() => visits.id),
    /** the recharge it pays, for kind "recharge" (and only then): one intent per recharge */
    rechargeId: integer("recharge_id").references((): AnyPgColumn => memberRecharges.id),
    /** who pays (a diner's guid, or `staff:<id>`) */
    payerGuid: text("payer_guid").notNull(),
    amountCents: cents("amount_cents"),
    status: text("status").$type<"open" | "paid" | "cancelled">().notNull().default("open"),
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * paid with member money (migration 0021): the card, the coupon locked to it, the points and stored
     * value its card holds for it (member_holds), the discount pipeline's steps as they priced it.
     * amountCents stays what the gateway is asked for (0: stored value pays it all)
     */
    memberCardId: integer("member_card_id").references((): AnyPgColumn => memberCards.id),
    couponId: integer("coupon_id").references((): AnyPgColumn => memberCoupons.id),
    points: integer("points").notNull().default(0),
    storedCents: cents("stored_cents").default(0),
    steps: jsonb("steps").$type<DiscountStepView[]>().notNull().default([]),
    /** when the paid word's member effects were done (the reconciliation job does those left undone) */
    memberSettledAt: timestamp("member_settled_at", { withTimezone: true }),
  },
  (t) => [
    index("pay_intents_order_idx").on(t.orderId),
    index("pay_intents_visit_idx").on(t.visitId),
    uniqueIndex("pay_intents_recharge").on(t.rechargeId).where(sql`${t.rechargeId} is not null`),
    check("pay_intents_recharge_kind", sql`(${t.kind} = 'recharge') = (${t.rechargeId} is not null)`),
    index("pay_intents_member_open_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'open' and ${t.memberCardId} is not null`),
    index("pay_intents_member_unsettled_idx")
      .on(t.updatedAt)
      .where(sql`${t.status} = 'paid' and ${t.memberCardId} is not null and ${t.memberSettledAt} is null`),
    check("pay_intents_member_amounts", sql`${t.points} >= 0 and ${t.storedCents} >= 0`),
  ],
);

/**
 * The orders an order intent pays (an order group: the order and what was added to it). A live row
 * (of an open or paid intent) per order at most, so no order is owed twice.
 */
export const payIntentOrders = pgTable(
  "pay_intent_orders",
  {
    intentId: intentRef(),
    orderId: orderRef(),
    /** the order's part of what the gateway is asked for */
    amountCents: cents("amount_cents"),
    live: boolean("live").notNull().default(true),
    /** what member money covers of the order once paid: its discounts and its share of the stored value */
    creditCents: cents("credit_cents").default(0),
    /** its share of the stored value alone (back on the card when the order is refunded) */
    storedCents: cents("stored_cents").default(0),
  },
  (t) => [
    primaryKey({ columns: [t.intentId, t.orderId] }),
    uniqueIndex("pay_intent_orders_live").on(t.orderId).where(sql`live`),
    check(
      "pay_intent_orders_member_amounts",
      sql`${t.creditCents} >= ${t.storedCents} and ${t.storedCents} >= 0`,
    ),
  ],
);

/** One try to pay an intent at a provider, with its own merchant trade number. */
export const payAttempts = pgTable(
  "pay_attempts",
  {
    id: serial("id").primaryKey(),
    intentId: intentRef(),
    restaurantId: restaurantRef(),
    provider: text("provider").$type<"sandbox" | "wechat" | "alipay">().notNull(),
    /** our merchant trade number (out_trade_no), unique at every provider */
    tradeNo: text("trade_no").notNull(),
    amountCents: cents("amount_cents"),
    status: text("status").$type<"pending" | "paid" | "failed" | "closed">().notNull().default("pending"),
    /** what the browser does next (a form, a redirect, a QR code), as the provider answered */
    next: jsonb("next"),
    providerTradeId: text("provider_trade_id"),
    /** the key sent with the provider call, stored before the call */
    idempotencyKey: text("idempotency_key").notNull(),
    /** a sandbox attempt: shown as 测试 wherever a person sees it */
    test: boolean("test").notNull().default(false),
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    /** the reconciliation job's last query of the provider */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("pay_attempts_trade_no").on(t.tradeNo),
    index("pay_attempts_intent_idx").on(t.intentId),
    index("pay_attempts_pending_idx").on(t.status, t.createdAt),
    /** a second tap never opens a second trade: one pending attempt per intent (0025) */
    uniqueIndex("pay_attempts_one_pending").on(t.intentId).where(sql`${t.status} = 'pending'`),
  ],
);

/** The provider's word, once per provider event: paid and refunded amounts are sums over these. */
export const payEvents = pgTable(
  "pay_events",
  {
    id: serial("id").primaryKey(),
    intentId: intentRef(),
    attemptId: integer("attempt_id")
      .notNull()
      .references(() => payAttempts.id),
    provider: text("provider").notNull(),
    /** unique per provider: a replayed notification finds its event already there */
    eventId: text("event_id").notNull(),
    kind: text("kind").$type<"paid" | "refunded">().notNull(),
    amountCents: cents("amount_cents"),
    refundId: integer("refund_id"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("pay_events_provider_event").on(t.provider, t.eventId),
    index("pay_events_intent_idx").on(t.intentId),
  ],
);

/** A refund asked of a provider, with its own refund number. */
export const payRefunds = pgTable(
  "pay_refunds",
  {
    id: serial("id").primaryKey(),
    intentId: intentRef(),
    attemptId: integer("attempt_id")
      .notNull()
      .references(() => payAttempts.id),
    refundNo: text("refund_no").notNull(),
    amountCents: cents("amount_cents"),
    status: text("status").$type<"pending" | "done" | "failed">().notNull().default("pending"),
    /** why: cancelled, sold out after paying, paid twice, overpaid, a manager's refund */
    reason: text("reason").notNull(),
    /** a staff refund: money given back for good, which the order then no longer owes (migration 0069) */
    concession: boolean("concession").notNull().default(false),
    actor: text("actor").notNull(),
    approvedBy: text("approved_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("pay_refunds_refund_no").on(t.refundNo),
    index("pay_refunds_attempt_idx").on(t.attemptId),
  ],
);

/** Every notification as it arrived, with what its verification found (a person reads the refused ones). */
export const payInbox = pgTable(
  "pay_inbox",
  {
    id: serial("id").primaryKey(),
    provider: text("provider").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull(),
    body: text("body").notNull(),
    verified: boolean("verified").notNull(),
    /** applied, duplicate, or why it was refused */
    outcome: text("outcome").notNull(),
    tradeNo: text("trade_no"),
    restaurantId: integer("restaurant_id"),
  },
  (t) => [index("pay_inbox_received_idx").on(t.receivedAt)],
);

/** Our own calls' Idempotency-Key: the same key and body answer the same; another body is refused. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    response: jsonb("response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

/** A job that runs once at a time across processes: whoever holds the claim until `until`. */
export const jobClaims = pgTable("job_claims", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  until: timestamp("until", { withTimezone: true }).notNull(),
});

/**
 * A diner's claim on a line of the table's bill (pay later, split by item): the whole line (share 1
 * of 1) or one of `shares` equal parts. Live claims (held or paid) never overlap.
 */
export const billClaims = pgTable(
  "bill_claims",
  {
    id: serial("id").primaryKey(),
    visitId: visitRef(),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id),
    share: integer("share").notNull(),
    shares: integer("shares").notNull(),
    guid: text("guid").notNull(),
    intentId: integer("intent_id").references(() => payIntents.id),
    amountCents: cents("amount_cents"),
    status: text("status").$type<"held" | "paid" | "released">().notNull().default("held"),
    heldUntil: timestamp("held_until", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("bill_claims_live_share").on(t.orderLineId, t.share).where(sql`status <> 'released'`),
    index("bill_claims_visit_idx").on(t.visitId),
  ],
);

/** A restaurant's merchant configuration per provider (validated when saved and at boot). */
export const payMerchants = pgTable(
  "pay_merchants",
  {
    restaurantId: restaurantRef(),
    provider: text("provider").$type<"wechat" | "alipay">().notNull(),
    config: jsonb("config").$type<Record<string, unknown>>().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.provider] })],
);

/** The sandbox gateway's own books (it is a provider: our payment tables never stand in for them). */
export const sandboxTrades = pgTable("sandbox_trades", {
  tradeNo: text("trade_no").primaryKey(),
  restaurantId: integer("restaurant_id").notNull(),
  /** the sandbox's own transaction id */
  transactionId: text("transaction_id").notNull(),
  amountCents: cents("amount_cents"),
  description: text("description").notNull(),
  notifyUrl: text("notify_url").notNull(),
  returnUrl: text("return_url").notNull(),
  state: text("state").$type<"pending" | "paid" | "failed" | "closed">().notNull().default("pending"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  paidAt: timestamp("paid_at", { withTimezone: true }),
});

export const sandboxRefunds = pgTable("sandbox_refunds", {
  refundNo: text("refund_no").primaryKey(),
  tradeNo: text("trade_no").notNull(),
  refundId: text("refund_id").notNull(),
  amountCents: cents("amount_cents"),
  state: text("state").$type<"pending" | "done" | "failed">().notNull().default("pending"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The sandbox's switches per restaurant (tests and staff training): delay, duplicate, out of order… */
export const sandboxSwitches = pgTable("sandbox_switches", {
  restaurantId: integer("restaurant_id").primaryKey(),
  switches: jsonb("switches").$type<Record<string, unknown>>().notNull(),
});

// ── Members (issue 19): the built-in CRM's members and cards, one ledger for stored value and points,
// holds for open orders, coupon templates and the coupons members hold (migration 0018) ─────────────

/**
 * A card's member day (001 §9): on these days of the week (1 Monday … 7 Sunday) or of the month (1-31),
 * on the restaurant's clock, the member pays `percent` of the price (88 shows as 8.8折).
 */
export interface MemberDaySetting {
  weekdays: number[];
  monthDays: number[];
  percent: number;
}

/**
 * A person of the built-in CRM, one per phone across the installation (the phone is who they are:
 * they log in with it at any restaurant); what a restaurant gives them is on their cards. The phone is
 * kept as its 11 digits (core's canonicalPhone), so 86138… and 138… are one member.
 */
export const members = pgTable(
  "members",
  {
    id: serial("id").primaryKey(),
    phone: text("phone").notNull(),
    /** member info (001 §3): memberName, sex (0 unknown, 1 male, 2 female), birthDay, isLunar */
    name: text("name").notNull().default(""),
    sex: integer("sex").notNull().default(0),
    birthday: text("birthday"),
    isLunar: boolean("is_lunar").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("members_phone").on(t.phone)],
);

/**
 * A member's card at one restaurant (001 §3 member card; a card used at another restaurant is
 * 100002's 该会员卡不能在本店使用), issued in the restaurant's member system (crmType new or old).
 * Its balance is the head of its ledger: principal, gift and points as the last entry left them, what
 * open holds set aside, and `version`, the seq of that last entry. It changes only with a ledger entry
 * (member/ledger.ts), checked by the database at commit (migration 0018's triggers).
 */
export const memberCards = pgTable(
  "member_cards",
  {
    id: serial("id").primaryKey(),
    memberId: reference("member_id", () => members.id),
    restaurantId: restaurantRef(),
    crmType: text("crm_type").$type<"new" | "old">().notNull(),
    cardType: integer("card_type").notNull().default(1),
    cardTypeName: text("card_type_name").notNull(),
    /** the number printed on the card, unique across the installation */
    cardNum: text("card_num").notNull(),
    /** 1 normal; 4 frozen (10020 at login) */
    status: integer("status").notNull().default(1),
    /** the card takes stored value (chargeFlag) */
    chargeFlag: boolean("charge_flag").notNull().default(true),
    /** members pay member prices with it */
    isVipPrice: boolean("is_vip_price").notNull().default(false),
    memberDay: jsonb("member_day").$type<MemberDaySetting | null>(),
    principalCents: cents("principal_cents").default(0),
    giftCents: cents("gift_cents").default(0),
    points: integer("points").notNull().default(0),
    heldCents: cents("held_cents").default(0),
    heldPoints: integer("held_points").notNull().default(0),
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("member_cards_card_num").on(t.cardNum),
    uniqueIndex("member_cards_member_restaurant_type").on(t.memberId, t.restaurantId, t.cardType),
    index("member_cards_restaurant_idx").on(t.restaurantId),
    check(
      "member_cards_balance_whole",
      sql`${t.principalCents} >= 0 and ${t.giftCents} >= 0 and ${t.points} >= 0 and ${t.heldCents} >= 0 and ${t.heldPoints} >= 0`,
    ),
    check(
      "member_cards_holds_covered",
      sql`${t.principalCents} + ${t.giftCents} >= ${t.heldCents} and ${t.points} >= ${t.heldPoints}`,
    ),
  ],
);

const cardRef = () => reference("card_id", () => memberCards.id);

/**
 * The stored-value and points ledger: one row per business event on a card (unique (card, event
 * key), so a replayed event writes nothing), append-only (a trigger refuses updates and deletes). Each
 * row carries what it changed (signed cents and points, principal and gift apart) and the balance
 * after it, written by the statement that inserts it; `seq` numbers a card's entries 1, 2, 3… and each
 * row's after is its predecessor's plus its change (checked at commit), so a card's ledger always sums
 * to its balance.
 */
export const memberLedger = pgTable(
  "member_ledger",
  {
    id: serial("id").primaryKey(),
    cardId: cardRef(),
    seq: integer("seq").notNull(),
    /** the business event: recharge:<payment>, gift:<payment>, hold:<order>:<n>, capture:<hold>… */
    eventKey: text("event_key").notNull(),
    kind: text("kind").$type<LedgerEntryKind>().notNull(),
    principalCents: cents("principal_cents"),
    giftCents: cents("gift_cents"),
    points: integer("points").notNull(),
    /** a hold's, a release's or a hold's capture: the hold */
    holdId: integer("hold_id").references(() => memberHolds.id),
    principalAfter: cents("principal_after"),
    giftAfter: cents("gift_after"),
    pointsAfter: integer("points_after").notNull(),
    heldCentsAfter: cents("held_cents_after"),
    heldPointsAfter: integer("held_points_after").notNull(),
    /** who: `staff:<id>`, `payment:<provider>`, `system` */
    actor: text("actor").notNull(),
    /** an adjustment's reason and approving manager */
    reason: text("reason"),
    approvedBy: text("approved_by"),
    /** what the entry was for: the payment and its cents behind earned points, a reversal's refund… */
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("member_ledger_card_event").on(t.cardId, t.eventKey),
    uniqueIndex("member_ledger_card_seq").on(t.cardId, t.seq),
    check("member_ledger_seq", sql`${t.seq} >= 1`),
    check(
      "member_ledger_kind",
      sql`${t.kind} in ('recharge', 'gift', 'earn', 'hold', 'release', 'spend', 'refund', 'reverse', 'adjustment', 'restore')`,
    ),
    check(
      "member_ledger_after_whole",
      sql`${t.principalAfter} >= 0 and ${t.giftAfter} >= 0 and ${t.pointsAfter} >= 0 and ${t.heldCentsAfter} >= 0 and ${t.heldPointsAfter} >= 0`,
    ),
    check(
      "member_ledger_after_holds_covered",
      sql`${t.principalAfter} + ${t.giftAfter} >= ${t.heldCentsAfter} and ${t.pointsAfter} >= ${t.heldPointsAfter}`,
    ),
  ],
);

/**
 * Money and points set aside on a card for an open order: captured by its payment or released by its
 * cancel or its payment's expiry, each once (open → captured | released, compare-and-set). At most one
 * open hold per card and order.
 */
export const memberHolds = pgTable(
  "member_holds",
  {
    id: serial("id").primaryKey(),
    cardId: cardRef(),
    orderId: orderRef(),
    cents: cents("cents"),
    points: integer("points").notNull(),
    state: text("state").$type<"open" | "captured" | "released">().notNull().default("open"),
    /** released by releaseExpiredHolds after this (the payment's expiry) */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("member_holds_open_order").on(t.cardId, t.orderId).where(sql`state = 'open'`),
    index("member_holds_order_idx").on(t.orderId),
    index("member_holds_open_expiry_idx").on(t.expiresAt).where(sql`state = 'open'`),
    check("member_holds_amounts", sql`${t.cents} >= 0 and ${t.points} >= 0`),
    check(
      "member_holds_state",
      sql`(${t.state} = 'open') = (${t.settledAt} is null) and ${t.state} in ('open', 'captured', 'released')`,
    ),
  ],
);

/**
 * A restaurant's coupon (000 §3, 001 §3 voucher): a cash coupon (type 1, faceCents off) or a goods
 * voucher (type 2, one unit of dishId free, or up to faceCents off it), a minimum spend, and its validity
 * rule (core's CouponValidityRule: type 1 unlimited, 2 days after given, 3 a date range), turned into
 * dates on each coupon when it is given. openCardActivity: given on opening a card (001 §9: 1 sign-up,
 * 2 consumption, 3 stored value), or null.
 */
export const couponTemplates = pgTable(
  "coupon_templates",
  {
    id: serial("id").primaryKey(),
    restaurantId: restaurantRef(),
    name: text("name").notNull(),
    couponType: integer("coupon_type").$type<1 | 2>().notNull(),
    faceCents: integer("face_cents"),
    dishId: integer("dish_id").references(() => dishes.id),
    minSpendCents: cents("min_spend_cents").default(0),
    validityType: integer("validity_type").$type<1 | 2 | 3>().notNull(),
    effectiveTime: integer("effective_time"),
    validityDays: integer("validity_days"),
    startTime: text("start_time"),
    endTime: text("end_time"),
    openCardActivity: integer("open_card_activity").$type<1 | 2 | 3>(),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("coupon_templates_restaurant_idx").on(t.restaurantId),
    check(
      "coupon_templates_kind",
      sql`(${t.couponType} = 1 and ${t.faceCents} > 0 and ${t.dishId} is null) or (${t.couponType} = 2 and ${t.dishId} is not null and (${t.faceCents} is null or ${t.faceCents} > 0))`,
    ),
    check("coupon_templates_validity_type", sql`${t.validityType} in (1, 2, 3)`),
    check("coupon_templates_min_spend", sql`${t.minSpendCents} >= 0`),
  ],
);

/**
 * A coupon a card holds: its template's terms copied when it was given (a later edit of the template
 * changes no coupon already held), its concrete validity (core's couponValidity at `givenAt`, on the
 * restaurant's clock), and its state: unused; locked to the open order `orderId` (at submit,
 * compare-and-set: one order wins); used by that order (on payment); a locked coupon goes back to
 * unused on cancel or when the payment expires. Given once per (card, giveKey).
 */
export const memberCoupons = pgTable(
  "member_coupons",
  {
    id: serial("id").primaryKey(),
    cardId: cardRef(),
    templateId: reference("template_id", () => couponTemplates.id),
    /** the voucher's code (001 §3), unique */
    code: text("code").notNull(),
    /** why it was given, once per card: open-card:<template>, staff:<…>, campaign:<…> */
    giveKey: text("give_key").notNull(),
    name: text("name").notNull(),
    couponType: integer("coupon_type").$type<1 | 2>().notNull(),
    faceCents: integer("face_cents"),
    dishId: integer("dish_id"),
    dishName: text("dish_name"),
    minSpendCents: cents("min_spend_cents"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    /** null: it never expires (validity type 1) */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** 'YYYY-MM-DD' of startsAt and endsAt on the restaurant's clock, as 有效期 lines print them */
    firstDay: text("first_day").notNull(),
    lastDay: text("last_day"),
    state: text("state").$type<CouponState>().notNull().default("unused"),
    orderId: integer("order_id").references(() => orders.id),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull(),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("member_coupons_code").on(t.code),
    uniqueIndex("member_coupons_card_give").on(t.cardId, t.giveKey),
    index("member_coupons_order_idx").on(t.orderId),
    check("member_coupons_state", sql`${t.state} in ('unused', 'locked', 'used')`),
    check("member_coupons_order", sql`(${t.state} = 'unused') = (${t.orderId} is null)`),
  ],
);

// ── The member API (issue 19, migration 0020): member sessions, the card a visitor chose, card types,
// recharge rules, full-reduction offers, recharges ─────────────────────────────────────────────────

/**
 * A member's login on one browser (001 §6, §8): phone and SMS code proved, a token issued. Only the
 * token's SHA-256 is kept. It works until expiresAt (then 1991: refresh), can be refreshed until
 * refreshUntil, and only by the visitor it was issued to; revoked at logout or when refreshed.
 */
export const memberSessions = pgTable(
  "member_sessions",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    /** the visitor (guid) the token was issued to: another browser holding it gains nothing */
    guid: text("guid").notNull(),
    memberId: reference("member_id", () => members.id),
    restaurantId: restaurantRef(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    refreshUntil: timestamp("refresh_until", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("member_sessions_token").on(t.tokenHash), index("member_sessions_guid_idx").on(t.guid)],
);

/** The card a visitor uses at a restaurant (001 §7 member-ship: the last card), one per (guid, restaurant). */
export const memberChoices = pgTable(
  "member_choices",
  {
    guid: text("guid").notNull(),
    restaurantId: restaurantRef(),
    cardId: cardRef(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.guid, t.restaurantId] })],
);

/**
 * A restaurant's card type (001 §3): what a card of it gives. Activating by phone opens the default
 * enabled type. The 8 privileges (001 §3) a card shows are `rights`, a subset of 1-8 in that order.
 */
export const memberCardTypes = pgTable(
  "member_card_types",
  {
    id: serial("id").primaryKey(),
    restaurantId: restaurantRef(),
    cardType: integer("card_type").notNull(),
    name: text("name").notNull(),
    isVipPrice: boolean("is_vip_price").notNull().default(true),
    chargeFlag: boolean("charge_flag").notNull().default(true),
    memberDay: jsonb("member_day").$type<MemberDaySetting | null>(),
    /** points earned per whole yuan paid */
    pointsPerYuan: integer("points_per_yuan").notNull().default(1),
    /** what one point pays, cents */
    centsPerPoint: integer("cents_per_point").notNull().default(1),
    rights: jsonb("rights").$type<number[]>().notNull().default([1, 2, 4, 6, 7, 8]),
    isDefault: boolean("is_default").notNull().default(false),
    enabled: boolean("enabled").notNull().default(true),
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("member_card_types_type").on(t.restaurantId, t.cardType),
    uniqueIndex("member_card_types_default").on(t.restaurantId).where(sql`${t.isDefault}`),
    check("member_card_types_rates", sql`${t.pointsPerYuan} >= 0 and ${t.centsPerPoint} >= 0`),
  ],
);

/** A recharge rule (001 §3, §9): pay rechargeCents, get the gift (type 1 threshold, 2 per multiple). */
export const rechargeRules = pgTable(
  "recharge_rules",
  {
    id: serial("id").primaryKey(),
    restaurantId: restaurantRef(),
    rechargeCents: cents("recharge_cents"),
    /** awardType 1: cents given; 2: a percent of the recharge */
    giftCents: cents("gift_cents").default(0),
    giftPoints: integer("gift_points").notNull().default(0),
    giftType: integer("gift_type").$type<1 | 2>().notNull().default(1),
    awardType: integer("award_type").$type<1 | 2>().notNull().default(1),
    /** the rule lets the diner type their own amount (at least rechargeCents) */
    custom: boolean("custom").notNull().default(false),
    enabled: boolean("enabled").notNull().default(true),
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("recharge_rules_restaurant_idx").on(t.restaurantId),
    check(
      "recharge_rules_amounts",
      sql`${t.rechargeCents} > 0 and ${t.giftCents} >= 0 and ${t.giftPoints} >= 0`,
    ),
  ],
);

/** A restaurant's full-reduction offer (满减, the pipeline's step b): from thresholdCents, reductionCents off. */
export const discountOffers = pgTable(
  "discount_offers",
  {
    id: serial("id").primaryKey(),
    restaurantId: restaurantRef(),
    thresholdCents: cents("threshold_cents"),
    reductionCents: cents("reduction_cents"),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("discount_offers_restaurant_idx").on(t.restaurantId),
    check(
      "discount_offers_amounts",
      sql`${t.reductionCents} > 0 and ${t.thresholdCents} >= ${t.reductionCents}`,
    ),
  ],
);

/**
 * A recharge (001 §7 recharge-prepay): money paid through the payment port onto a card. Its principal,
 * gift and gift points are posted once, by the verified paid notification (ledger event keys name it).
 * The gift is the one promised when it started (rule_id: the rule it came from). pay_sign: the signed
 * request's paySign (0022), so the same request again answers this recharge.
 */
export const memberRecharges = pgTable(
  "member_recharges",
  {
    id: serial("id").primaryKey(),
    cardId: cardRef(),
    restaurantId: restaurantRef(),
    /** the visitor who started it */
    guid: text("guid").notNull(),
    ruleId: integer("rule_id").references(() => rechargeRules.id),
    rechargeCents: cents("recharge_cents"),
    giftCents: cents("gift_cents").default(0),
    giftPoints: integer("gift_points").notNull().default(0),
    state: text("state").$type<"pending" | "paid" | "closed">().notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    paySign: text("pay_sign"),
  },
  (t) => [
    index("member_recharges_card_idx").on(t.cardId),
    uniqueIndex("member_recharges_pay_sign").on(t.paySign),
    index("member_recharges_pending_idx").on(t.createdAt).where(sql`${t.state} = 'pending'`),
    check(
      "member_recharges_amounts",
      sql`${t.rechargeCents} > 0 and ${t.giftCents} >= 0 and ${t.giftPoints} >= 0`,
    ),
    check("member_recharges_state", sql`${t.state} in ('pending', 'paid', 'closed')`),
  ],
);

/**
 * An old member system's campaign (001 §7 oldcrm campaigns, migration 0024): kind 1 gives a coupon of
 * its template (coupons/give), kind 2 a red packet, gift money drawn between minCents and maxCents
 * (redpackets/draw); each once per card (the coupon's give key, the ledger's event key). Running
 * between startsAt and endsAt (either null: open) while enabled.
 */
export const memberCampaigns = pgTable(
  "member_campaigns",
  {
    id: serial("id").primaryKey(),
    restaurantId: restaurantRef(),
    kind: integer("kind").$type<1 | 2>().notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    templateId: integer("template_id").references(() => couponTemplates.id),
    minCents: integer("min_cents"),
    maxCents: integer("max_cents"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("member_campaigns_restaurant_idx").on(t.restaurantId),
    check(
      "member_campaigns_kind",
      sql`(${t.kind} = 1 and ${t.templateId} is not null and ${t.minCents} is null and ${t.maxCents} is null) or (${t.kind} = 2 and ${t.templateId} is null and ${t.minCents} > 0 and ${t.maxCents} >= ${t.minCents})`,
    ),
  ],
);
