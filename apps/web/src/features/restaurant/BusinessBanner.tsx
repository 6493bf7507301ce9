import type { RestaurantDetail } from "@tablemate/core";
import { RestaurantIcon } from "./RestaurantIcon.js";

/** The restaurant's title banner (spec 000 §2, 001 §2): logo, name and its kind of cuisine. */
export function BusinessBanner({ restaurant }: { restaurant: RestaurantDetail }) {
  return (
    <div className="business-banner">
      <RestaurantIcon restaurant={restaurant} size={48} />
      <div className="business-banner__text">
        <h1 className="business-banner__name">{restaurant.restaurantName}</h1>
        {restaurant.hotelLabel && <p className="business-banner__label">{restaurant.hotelLabel}</p>}
      </div>
    </div>
  );
}
