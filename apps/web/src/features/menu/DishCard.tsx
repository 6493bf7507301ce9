import { type Dish, dishIntro, dishName, type ImageLayout } from "@tablemate/core";
import { memo } from "react";
import { DISH_COPY } from "../../copy.js";
import { useLocale } from "../../i18n/use-locale.js";
import { DishAddControl } from "../dish/index.js";
import type { CardVariant } from "./card-designs.js";
import { DishImage } from "./DishImage.js";
import { DishPrice } from "./DishPrice.js";
import { useDishTap } from "./use-dish-tap.js";
import { useDishView } from "./use-dish-view.js";
import "./dish-card.css";
import "./allergens.css";

/** Each variant's image size (spec 000 §7) and whether its card has room for the intro. */
const VARIANTS: Record<CardVariant, { image: ImageLayout; intro: boolean }> = {
  list: { image: "default", intro: true },
  big: { image: "big", intro: true },
  nine: { image: "nine", intro: false },
  four: { image: "four", intro: true },
  featured: { image: "recommend", intro: true },
  recommend: { image: "recommend", intro: false },
};

export interface DishCardProps {
  dish: Dish;
  variant: CardVariant;
  /** load the picture at once (cards on the first screen) */
  eager?: boolean;
  /** dish-card in the menu and search; the recommendation block has its own */
  testId?: string;
}

/**
 * A dish as every layout shows it (spec 000 §2-5): picture with 售罄 or the availability-period
 * mask, name, intro, member tag and attach text, price with unit, and the add control.
 */
export const DishCard = memo(function DishCard({
  dish,
  variant,
  eager = false,
  testId = "dish-card",
}: DishCardProps) {
  // a memo: its words follow a change of language on their own
  useLocale();
  const view = useDishView(dish);
  const onTap = useDishTap(dish, view.unsellable);
  const { image, intro: showsIntro } = VARIANTS[variant];
  const intro = showsIntro ? dishIntro(dish) : "";
  // under the recommendation block's h2 a dish is an h3; under a category's h3 (the list), an h4
  const Name = variant === "featured" || variant === "recommend" ? "h3" : "h4";
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a tap anywhere opens the dish; keyboards use the name's button
    <article
      className={`dish-card dish-card--${variant} dish-card--${view.availability}`}
      data-testid={testId}
      data-dish-id={dish.dishesId}
      data-allergens={dish.allergenInfo === "unknown" ? "?" : dish.allergens.join(" ")}
      data-diets={dish.diets.join(" ")}
      onClick={onTap}
    >
      <div className="dish-card__media">
        <DishImage dish={dish} layout={image} eager={eager} />
        {view.availability === "soldOut" && <span className="dish-card__sold-out">{DISH_COPY.soldOut}</span>}
        {view.availability === "outOfPeriod" && (
          <div className="dish-card__period-mask" data-testid="period-mask">
            <span>{view.periodHeadline}</span>
            <span>{view.saleHours}</span>
          </div>
        )}
      </div>
      <div className="dish-card__body">
        <Name className="dish-card__name">
          <button type="button" className="dish-card__open">
            {dishName(dish)}
          </button>
        </Name>
        {intro && <p className="dish-card__intro">{intro}</p>}
        <p className="allergen-marks">
          {dish.allergens.map((code) => (
            <i key={code} className={`al al-${code}`} />
          ))}
        </p>
        {(view.tag || view.attach) && (
          <p className="dish-card__meta">
            {view.tag && <span className={`member-tag member-tag--${view.tag.kind}`}>{view.tag.text}</span>}
            {view.attach && <span className="dish-card__attach">{view.attach}</span>}
          </p>
        )}
        <div className="dish-card__footer">
          <DishPrice price={view.price} unit={view.unit} />
          <div className="dish-card__add" data-own-taps="">
            <DishAddControl dish={dish} />
          </div>
        </div>
      </div>
    </article>
  );
});
