import type { RestaurantDetail } from "@tablemate/core";
import { COPY } from "../../copy.js";
import { RestaurantIcon } from "../restaurant/RestaurantIcon.js";
import { useSlowLoadingReport } from "./LoadingOverlay.js";
import { Spinner } from "./Spinner.js";
import "./loading.css";

/**
 * The branded loading view of the first load (spec 000 §2): the restaurant's icon and name, which
 * the page data carries before any call answers, over 客官请稍等....
 */
export function EntryLoading({
  restaurant,
}: {
  restaurant: Pick<RestaurantDetail, "restaurantName" | "iconUrl">;
}) {
  useSlowLoadingReport(true);
  return (
    <div className="entry-loading" role="status" aria-live="polite">
      <RestaurantIcon restaurant={restaurant} size={72} />
      <h1 className="entry-loading__name">{restaurant.restaurantName}</h1>
      <div className="entry-loading__wait">
        <Spinner size={20} />
        <p className="loading-overlay__text">{COPY.loading}</p>
      </div>
    </div>
  );
}
