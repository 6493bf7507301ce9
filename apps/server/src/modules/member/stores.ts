/**
 * Which member store answers a restaurant's member calls: a plug-in (an external CRM's adapter)
 * registered for it through buildApp's deps, else Tablemate's own (builtin-store.ts).
 */
import type { MemberFamily } from "@tablemate/core";
import type { Db } from "../../db/client.js";
import { getRestaurant, type RestaurantRow } from "../restaurant/restaurants.js";
import { memberProgramme, ofFamily } from "./access.js";
import { builtInStore } from "./builtin-store.js";
import type { MemberStore } from "./port.js";

/** The plug-in store of a restaurant whose member system is an external CRM; undefined: the built-in one. */
export type MemberStorePlugins = (restaurant: RestaurantRow) => MemberStore | undefined;

export interface MemberStores {
  /**
   * The store of restaurant `rid` for a call of `family`: 1011 unknown restaurant; 10025 when its
   * member system is the other family (or, in the built-in store, it has no card type switched on).
   */
  at(rid: number, family: MemberFamily): Promise<MemberStore>;
}

export function memberStores(db: Db, plugins?: MemberStorePlugins): MemberStores {
  return {
    async at(rid, family) {
      const restaurant = ofFamily(await getRestaurant(db, rid), family);
      return plugins?.(restaurant) ?? builtInStore(db, await memberProgramme(db, restaurant));
    },
  };
}
