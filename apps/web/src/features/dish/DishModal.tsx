import { useDish } from "../cart/dish-lookup.js";
import { ChoiceModal } from "./ChoiceModal.js";
import { DetailModal } from "./DetailModal.js";
import { closeDishModal, forgetDishModal, type OpenDishModal } from "./modal-store.js";
import "./dish.css";

/** The open dish modal, with the dish as the menu holds it now (stock may have changed since). */
export function DishModal({ modal }: { modal: OpenDishModal }) {
  const dish = useDish(modal.dish.dishesId) ?? modal.dish;
  const props = {
    dish,
    visible: modal.visible,
    onClose: closeDishModal,
    afterClose: () => forgetDishModal(modal.serial),
  };
  // keyed by opening, so each opening starts from the dish's defaults
  return modal.kind === "detail" ? (
    <DetailModal key={modal.serial} {...props} />
  ) : (
    <ChoiceModal key={modal.serial} kind={modal.kind} {...props} />
  );
}
