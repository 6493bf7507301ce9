import { allergenConflicts, dishName, lineAllergens, MSG, parseDetailId } from "@tablemate/core";
import { imperativeAntd } from "../../antd-setup.js";
import { dishOf } from "../cart/dish-lookup.js";
import { subscribeTableEvents } from "../cart/table-events.js";
import { ALLERGEN_COPY } from "./allergen-copy.js";
import { useAvoidStore } from "./avoid-store.js";
import { allergenNames } from "./food-words.js";
import { shareWithTable } from "./table-allergens.js";

/**
 * While the menu is open (started by the menu's idle layer, features/member/MemberBar.tsx): when a
 * tablemate adds a dish holding what this diner avoids and chose to share, this phone says so at once.
 * A shared list is told to the table again on each visit, so a new party hears of it too. Answers the
 * way to stop watching.
 */
export function watchTablemates(): () => void {
  const { share, avoid } = useAvoidStore.getState();
  if (share && avoid.length > 0) void shareWithTable(avoid);
  return subscribeTableEvents((event) => {
    if (!("message" in event) || !event.fromTablemate || event.message.type !== MSG.dish) return;
    const { detail, foodId, inc, actor } = event.message;
    const { share: sharing, avoid: avoided } = useAvoidStore.getState();
    if (!sharing || avoided.length === 0 || Number(inc) <= 0 || !detail || foodId === undefined) return;
    const dish = dishOf(foodId);
    const choice = parseDetailId(detail);
    if (!dish || !choice) return;
    const held = allergenConflicts(lineAllergens(dish, choice), avoided);
    if (held.length === 0) return;
    const words = ALLERGEN_COPY.tablemateAdded(actor.name, dishName(dish), allergenNames(held));
    void imperativeAntd().then(({ Dialog }) =>
      Dialog.alert({
        content: (
          <span role="alert" data-testid="allergy-warning">
            {words}
          </span>
        ),
        confirmText: ALLERGEN_COPY.gotIt,
      }),
    );
  });
}
