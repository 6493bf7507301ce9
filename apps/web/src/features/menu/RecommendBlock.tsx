import { type Dish, recommendLayout } from "@tablemate/core";
import { useMemo } from "react";
import { COPY } from "../../copy.js";
import { useAppStore } from "../../store/app-store.js";
import { DishCard } from "./DishCard.js";
import { useHiddenDishes, withoutHidden } from "./hidden-dishes.js";
import "./recommend.css";

const TEST_ID = "recommend-card";

/**
 * The recommended dishes as the menu has them now, so a stock refresh reaches these cards too; those
 * the diner asked to hide are left out.
 */
function useRecommendedDishes(): readonly Dish[] {
  const recommends = useAppStore((state) => state.recommends);
  const foods = useAppStore((state) => state.foods);
  const hidden = useHiddenDishes((state) => state.ids);
  return useMemo(() => {
    const current = new Map(foods.map((dish) => [dish.dishesId, dish]));
    return withoutHidden(
      recommends.map((dish) => current.get(dish.dishesId) ?? dish),
      hidden,
    );
  }, [recommends, foods, hidden]);
}

/**
 * 老板推荐 (spec 000 §2): only with 3 or more recommended dishes, at most 6. Template 2 shows the
 * featured 1 or 2 large and the rest in a grid; otherwise the dishes scroll sideways.
 */
export function RecommendBlock() {
  const dishes = useRecommendedDishes();
  const template = useAppStore((state) => state.templateNumber.recommends);
  const layout = recommendLayout(dishes, template);
  if (!layout) return null;
  return (
    <section className="recommend" data-testid="recommend-block" data-template={template}>
      <h2 className="recommend__title">{COPY.recommendTitle}</h2>
      {layout.featured.length > 0 && (
        <div className={`recommend__featured recommend__featured--${layout.featured.length}`}>
          {layout.featured.map((dish) => (
            <DishCard key={dish.dishesId} dish={dish} variant="featured" eager testId={TEST_ID} />
          ))}
        </div>
      )}
      <div className={template === 2 ? "recommend__grid" : "recommend__scroller"}>
        {layout.rest.map((dish) => (
          <DishCard key={dish.dishesId} dish={dish} variant="recommend" eager testId={TEST_ID} />
        ))}
      </div>
    </section>
  );
}
