import { type Dish, dishIntro, dishName, sizedImageUrl } from "@tablemate/core";
import { DISH_COPY } from "../../copy.js";
import { DishAllergens } from "../allergens/DishAllergens.js";
import { DishPrice } from "../menu/DishPrice.js";
import { useDishView } from "../menu/use-dish-view.js";
import { DishAddControl } from "./DishAddControl.js";
import { DishPopup } from "./DishPopup.js";

export interface DetailModalProps {
  dish: Dish;
  visible: boolean;
  onClose(): void;
  afterClose(): void;
}

/** The detail modal of a card tap (spec 000 §2): big picture, name, intro, price and the add control. */
export function DetailModal({ dish, visible, onClose, afterClose }: DetailModalProps) {
  const view = useDishView(dish);
  const name = dishName(dish);
  const intro = dishIntro(dish);
  const image = dish.bigImg || dish.smallImg;
  return (
    <DishPopup visible={visible} onClose={onClose} afterClose={afterClose} bodyClassName="dish-detail">
      <article data-testid="dish-detail">
        <div className="dish-detail__image">
          {image && <img src={sizedImageUrl(image, "big")} alt={name} width={345} height={195} />}
        </div>
        <div className="dish-detail__body">
          <h2 className="dish-detail__name">{name}</h2>
          {intro && <p className="dish-detail__intro">{intro}</p>}
          <DishAllergens dish={dish} />
          <div className="dish-detail__footer">
            <DishPrice price={view.price} unit={view.unit} />
            {view.availability === "sellable" ? (
              <DishAddControl dish={dish} />
            ) : (
              <span className="dish-detail__status">{view.unsellable ?? DISH_COPY.soldOut}</span>
            )}
          </div>
        </div>
      </article>
    </DishPopup>
  );
}
