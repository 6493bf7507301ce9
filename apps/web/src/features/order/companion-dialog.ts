import { offersAddAfterPrepay } from "@tablemate/core";
import { imperativeAntd } from "../../antd-setup.js";
import { CHECKOUT_COPY } from "../../copy.js";
import { useAppStore } from "../../store/app-store.js";

/**
 * 你的同伴已经下单: view that order, or go on adding dishes to it (spec 000 §4, §8 6666); only the
 * view where the register cannot take 加菜 onto a pay-first order (prepay-after, docs/decisions.md).
 */
export async function showCompanionOrdered(choices: { view(): void; addDishes(): void }): Promise<void> {
  const { Dialog } = await imperativeAntd();
  const { restaurant } = useAppStore.getState();
  const adds = restaurant !== null && offersAddAfterPrepay(restaurant);
  const view = { key: "view", text: CHECKOUT_COPY.viewOrder, bold: !adds, onClick: choices.view };
  const add = { key: "add", text: CHECKOUT_COPY.addDishes, bold: true, onClick: choices.addDishes };
  Dialog.show({
    content: CHECKOUT_COPY.companionOrdered,
    closeOnAction: true,
    actions: [adds ? [view, add] : [view]],
  });
}
