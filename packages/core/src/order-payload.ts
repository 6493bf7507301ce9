import type { Allergen } from "./allergens.js";
import type { CartLine } from "./cart.js";
import { queryFlag } from "./checkout.js";
import type { OrderPayload } from "./contract/order.js";
import type { RestaurantDetail } from "./contract/restaurant.js";
import { stripEmoji } from "./notes.js";

/** The reservation/takeout form (spec 000 §3: phone, code, name, sex, num, time, memo, address). */
export interface SupplyInfo {
  phone: string;
  /** the phone's verification code, where the restaurant asks for one */
  code: string;
  name: string;
  sex: string;
  /** the party size, 1 to 99 */
  num: number;
  /** 'YYYY-MM-DD HH:mm' in the restaurant's zone, or empty (as soon as possible; see core's checkBookedTime) */
  time: string;
  memo: string;
  address: string;
}

export interface OrderTable {
  tableId: number;
  tableName: string;
}

export interface OrderPayloadInput {
  submitId: string;
  guid: string;
  openId: string;
  restaurant: Pick<RestaurantDetail, "restaurantId" | "restaurantFastHotel" | "foodTakingMode">;
  /** the scanned table */
  table: OrderTable;
  /** the quick-service table picker's choice (spec 000 §4): the order goes on that table */
  pickedTable: OrderTable | null;
  cart: { cartId: number; cartIdSign: string };
  isPrepayment: boolean;
  /** the socket is not carrying the cart: the server takes the lines sent here */
  localCart: boolean;
  lines: readonly CartLine[];
  query: { takeout?: string; reserve?: string; mainOrderId?: string; mainWxId?: string };
  wholeMemo: string;
  personNum: number;
  invoiceTitle: string;
  supply: SupplyInfo | null;
  /** allergies the diner chose to tell the kitchen (issue 29) */
  kitchenAllergens?: readonly Allergen[];
}

const positiveId = (value: string | undefined): number | undefined => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/** The order JSON of a submit (core orderPayloadSchema); notes go without emoji (spec 000 §5). */
export function buildOrderPayload(input: OrderPayloadInput): OrderPayload {
  const { restaurant, query, supply } = input;
  // only quick-service lets a diner order for another table than the one scanned
  const table = (restaurant.restaurantFastHotel && input.pickedTable) || input.table;
  return {
    submitId: input.submitId,
    restaurantId: restaurant.restaurantId,
    fastFood: restaurant.restaurantFastHotel,
    realTableId: table.tableId,
    realTableName: table.tableName,
    cartId: input.cart.cartId,
    cartIdSign: input.cart.cartIdSign,
    channelName: "",
    faultChannel: input.localCart,
    faultCart: input.localCart,
    paymentType: input.isPrepayment ? 1 : 0,
    wholeMemo: { guid: input.guid, memo: stripEmoji(input.wholeMemo).trim() },
    kitchenAllergens: [...(input.kitchenAllergens ?? [])],
    orderUsers: [{ guid: input.guid }],
    // a supply form's party size is the order's diner count: one number, asked once
    personNum: supply ? supply.num : input.personNum,
    foods: input.lines.map((line) => ({
      foodId: line.foodId,
      count: line.count,
      normId: line.normId,
      methodIds: line.methodIds,
      additions: line.additions,
      parts: line.parts,
      memo: stripEmoji(line.memo).trim(),
    })),
    // the food-taking mode is a quick-service setting; a dine-in order never carries one
    foodTakingMode: restaurant.restaurantFastHotel ? restaurant.foodTakingMode : 0,
    newVersion: true,
    userId: input.guid,
    reserve: queryFlag(query.reserve) ? query.reserve : undefined,
    takeout: queryFlag(query.takeout) ? query.takeout : undefined,
    openId: input.openId,
    mainWxId: query.mainWxId || undefined,
    mainOrderId: positiveId(query.mainOrderId),
    invoiceTitle: input.invoiceTitle.trim(),
    ...(supply ? { ...supply, memo: stripEmoji(supply.memo).trim() } : {}),
  };
}
