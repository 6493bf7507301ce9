import type { Messages } from "@tablemate/client";
import type { CHECKOUT_COPY, COPY, DISH_COPY, DISH_TEXT_COPY, SHARED_CART_COPY } from "../copy.js";
import type { ALLERGEN_COPY } from "../features/allergens/allergen-copy.js";
import type { MUST_ORDER_COPY } from "../features/cart/must-order-copy.js";
import type { SUBMIT_COPY } from "../features/checkout/checkout-copy.js";
import type {
  MEMBER_COPY,
  PRIVILEGE_LABELS,
  SEX_LABELS,
  WEEKDAY_LABELS,
} from "../features/member/member-copy.js";
import type { ORDER_COPY, PROGRESS_WORDS } from "../features/order/order-copy.js";
import type { PAY_COPY } from "../features/pay/pay-copy.js";
import type { PROMPT_COPY, STARTUP_FAILURE_TEXT } from "../features/prompt/prompt-copy.js";
import type { RECHARGE_COPY } from "../features/recharge/recharge-copy.js";
import type { RESTAURANT_COPY } from "../features/restaurant/restaurant-copy.js";
import type { SELECT_NUMBER_COPY } from "../pages/select-number/select-number-copy.js";

/**
 * What a language's catalogue (catalogues/<locale>.ts) translates: every copy module's words, under
 * the namespace its module passes to localized(). TypeScript holds each catalogue complete.
 */
export interface Catalogue {
  app: Messages<typeof COPY>;
  dish: Messages<typeof DISH_COPY>;
  dishText: Messages<typeof DISH_TEXT_COPY>;
  sharedCart: Messages<typeof SHARED_CART_COPY>;
  checkout: Messages<typeof CHECKOUT_COPY>;
  allergens: Messages<typeof ALLERGEN_COPY>;
  submit: Messages<typeof SUBMIT_COPY>;
  member: Messages<typeof MEMBER_COPY>;
  privileges: Messages<typeof PRIVILEGE_LABELS>;
  sex: Messages<typeof SEX_LABELS>;
  weekdays: Messages<typeof WEEKDAY_LABELS>;
  order: Messages<typeof ORDER_COPY>;
  progress: Messages<typeof PROGRESS_WORDS>;
  pay: Messages<typeof PAY_COPY>;
  prompt: Messages<typeof PROMPT_COPY>;
  startupFailure: Messages<typeof STARTUP_FAILURE_TEXT>;
  recharge: Messages<typeof RECHARGE_COPY>;
  restaurant: Messages<typeof RESTAURANT_COPY>;
  selectNumber: Messages<typeof SELECT_NUMBER_COPY>;
  mustOrder: Messages<typeof MUST_ORDER_COPY>;
}
