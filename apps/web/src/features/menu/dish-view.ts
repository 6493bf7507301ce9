import {
  type Availability,
  attachText,
  availableDaysString,
  availableTimeString,
  type Dish,
  dishAvailability,
  dishPrice,
  dishUnit,
  type MemberTag,
  memberTag,
  type PeriodDishInfo,
  type PriceDisplay,
  periodHeadline,
  saleStatus,
  unitText,
  unsellableMessage,
  viewerPrices,
} from "@tablemate/core";
import { DISH_TEXT_COPY } from "../../copy.js";

type DishPeriod = Pick<
  PeriodDishInfo,
  "availableStatus" | "nextTime" | "endsSoon" | "availableDaysString" | "availableTimeString"
>;

/** What a dish card shows, from core's rules (spec 000 §3-5). */
export interface DishView {
  availability: Availability;
  price: PriceDisplay;
  unit: string;
  tag: MemberTag;
  attach: string;
  /** the availability-period mask's headline: '17:00后可售' (available soon) or 暂不可售; null on sale */
  periodHeadline: string | null;
  /** the sale hours on the availability-period mask, e.g. '每天 11:00-14:00' */
  saleHours: string;
  /** what a tap says instead of opening the dish: 非可售时间… outside sale hours, else null */
  unsellable: string | null;
}

/**
 * The dish's sale period: the period-dish info when it loaded, else what the food list says (the
 * menu stays usable when that call fails, spec 000 §8).
 */
export function dishPeriod(dish: Dish, info: PeriodDishInfo | undefined): DishPeriod {
  if (info) return info;
  return {
    // both of the food list's codes (001 §4): either one saying 2 or 3 is the dish's state
    availableStatus: saleStatus(dish),
    nextTime: null,
    endsSoon: false,
    availableDaysString: availableDaysString(dish.salablePeriod?.week ?? "0"),
    availableTimeString: availableTimeString(dish.salablePeriod?.time ?? "0"),
  };
}

export function describeDish(dish: Dish, info: PeriodDishInfo | undefined, isMember: boolean): DishView {
  const period = dishPeriod(dish, info);
  const availability = dishAvailability(dish, period);
  return {
    availability,
    price: dishPrice(viewerPrices(dish, isMember)),
    unit: unitText(dishUnit(dish)),
    tag: memberTag(dish, isMember, DISH_TEXT_COPY),
    attach: attachText(dish, period, period.endsSoon, DISH_TEXT_COPY),
    periodHeadline: periodHeadline(period),
    saleHours: `${period.availableDaysString} ${period.availableTimeString}`,
    unsellable: availability === "outOfPeriod" ? unsellableMessage(period) : null,
  };
}
