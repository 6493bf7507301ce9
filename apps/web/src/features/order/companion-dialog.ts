import { imperativeAntd } from "../../antd-setup.js";
import { CHECKOUT_COPY } from "../../copy.js";

/** 你的同伴已经下单: view that order, or go on adding dishes to it (spec 000 §4, §8 6666). */
export async function showCompanionOrdered(choices: { view(): void; addDishes(): void }): Promise<void> {
  const { Dialog } = await imperativeAntd();
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
