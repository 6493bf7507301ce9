import { type Dish, dishName, pricedWithNorm, sizedImageUrl, startingChoice } from "@tablemate/core";
import { useState } from "react";
import { ChoiceForm } from "./choice/ChoiceForm.js";
import { DishPopup } from "./DishPopup.js";
import type { DishModalKind } from "./modal-store.js";
import { ShownPrice } from "./ShownPrice.js";

export interface ChoiceModalProps {
  dish: Dish;
  kind: Exclude<DishModalKind, "detail">;
  visible: boolean;
  onClose(): void;
  afterClose(): void;
}

/** The add-ons modal and the property/spec modal (spec 000 §2): the dish's options over the menu. */
export function ChoiceModal({ dish, kind, visible, onClose, afterClose }: ChoiceModalProps) {
  const name = dishName(dish);
  const image = dish.smallImg || dish.bigImg;
  const [normId, setNormId] = useState(() => startingChoice(dish).normId);
  return (
    <DishPopup visible={visible} onClose={onClose} afterClose={afterClose} bodyClassName="dish-sheet">
      <div className="dish-sheet__content" data-testid="dish-sheet" data-kind={kind}>
        <div className="dish-sheet__head">
          {image && (
            <img
              className="dish-sheet__image"
              src={sizedImageUrl(image, "default")}
              alt={name}
              width={64}
              height={64}
            />
          )}
          <div className="dish-sheet__title">
            <h3 className="dish-sheet__name">{name}</h3>
            <ShownPrice dish={pricedWithNorm(dish, normId)} />
          </div>
        </div>
        <ChoiceForm dish={dish} onAdded={onClose} onNorm={setNormId} />
      </div>
    </DishPopup>
  );
}
