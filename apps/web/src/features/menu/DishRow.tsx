import { type Dish, dishIntro, dishName, sizedImageUrl } from "@tablemate/core";
import { memo, type SyntheticEvent } from "react";
import { DishPrice } from "./DishPrice.js";

/** The first rows are on screen at once; only those below them wait for the browser's lazy loading. */
export const EAGER_IMAGE_COUNT = 6;
/** CSS pixels of the square image box; the 200w_200h source stays sharp on 2x screens. */
export const DISH_IMAGE_SIZE = 88;

function hideBrokenImage(event: SyntheticEvent<HTMLImageElement>) {
  // the box keeps its size and placeholder colour, so nothing shifts
  event.currentTarget.style.visibility = "hidden";
}

export interface DishRowProps {
  dish: Dish;
  /** position in the whole list, to decide eager or lazy image loading */
  position: number;
}

/** One dish of the default list template (template 1). Add buttons and badges slot into __side. */
export const DishRow = memo(function DishRow({ dish, position }: DishRowProps) {
  const name = dishName(dish);
  const intro = dishIntro(dish);
  const src = sizedImageUrl(dish.smallImg, "default");
  return (
    <article className="dish-row" data-testid="dish-card" data-dish-id={dish.dishesId}>
      <div className="dish-row__image">
        {src && (
          <img
            src={src}
            alt={name}
            width={DISH_IMAGE_SIZE}
            height={DISH_IMAGE_SIZE}
            loading={position < EAGER_IMAGE_COUNT ? "eager" : "lazy"}
            decoding="async"
            onError={hideBrokenImage}
          />
        )}
      </div>
      <div className="dish-row__body">
        <h4 className="dish-row__name">{name}</h4>
        {intro && <p className="dish-row__intro">{intro}</p>}
        <div className="dish-row__footer">
          <DishPrice dish={dish} />
          <div className="dish-row__side" />
        </div>
      </div>
    </article>
  );
});
