import Dialog from "antd-mobile/es/components/dialog";
import { CHECKOUT_COPY } from "../../copy.js";

/** 你的同伴已经下单: view that order, or go on adding dishes to it (spec 000 §4, §8 6666). */
export function showCompanionOrdered(choices: { view(): void; addDishes(): void }): void {
  Dialog.show({
    content: CHECKOUT_COPY.companionOrdered,
    closeOnAction: true,
    actions: [
      [
        { key: "view", text: CHECKOUT_COPY.viewOrder, onClick: choices.view },
        { key: "add", text: CHECKOUT_COPY.addDishes, bold: true, onClick: choices.addDishes },
      ],
    ],
  });
}
