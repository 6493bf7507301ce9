import { type Dish, dishIntro, dishName, sizedImageUrl } from "@tablemate/core";
import { DISH_COPY } from "../../copy.js";
import { ChoiceForm } from "./choice/ChoiceForm.js";
import { ShownPrice } from "./ShownPrice.js";
import { useLeavePage } from "./use-route-dish.js";
import "./dish.css";
import { PageNav } from "../dialog/PageNav.js";

/** The body of /foodCombo and /foodBatch: the dish, every choice it offers, and the add. */
export function DishChoiceScreen({ dish }: { dish: Dish }) {
  const leave = useLeavePage();
  const name = dishName(dish);
  const intro = dishIntro(dish);
  const image = dish.bigImg || dish.smallImg;
  const hero = (
    <header className="choice-page__hero">
      {image && <img src={sizedImageUrl(image, "big")} alt={name} width={345} height={195} />}
      <h1 className="choice-page__name">{name}</h1>
      {intro && <p className="choice-page__intro">{intro}</p>}
      <ShownPrice dish={dish} />
    </header>
  );
  return (
    <div className="choice-page" data-testid="choice-page">
      <PageNav className="choice-page__nav" back={DISH_COPY.back} onBack={leave}>
        {name}
      </PageNav>
      <ChoiceForm dish={dish} header={hero} onAdded={leave} />
    </div>
  );
}
