import type { RestaurantDetail } from "@tablemate/core";
import { readPageData } from "../../config.js";
import { COPY } from "../../copy.js";
import { BackIcon } from "../../features/menu/icons.js";
import { RestaurantFacts } from "../../features/restaurant/RestaurantFacts.js";
import { useGoBack } from "../../router/navigation.js";
import { PATHS } from "../../router/paths.js";
import { useAppStore } from "../../store/app-store.js";
import "../../features/restaurant/restaurant.css";
import "./business-map.css";
import { RESTAURANT_COPY } from "../../features/restaurant/restaurant-copy.js";

/** Degrees with the N/S, E/W of a map, e.g. 31.1946°N. */
function degrees(value: number, positive: string, negative: string): string {
  return `${Math.abs(value)}°${value >= 0 ? positive : negative}`;
}

function Coordinates({ restaurant }: { restaurant: Pick<RestaurantDetail, "latitude" | "longitude"> }) {
  return (
    <dl className="business-map__coordinates" data-testid="coordinates">
      <div>
        <dt>{RESTAURANT_COPY.latitude}</dt>
        <dd>{degrees(restaurant.latitude, "N", "S")}</dd>
      </div>
      <div>
        <dt>{RESTAURANT_COPY.longitude}</dt>
        <dd>{degrees(restaurant.longitude, "E", "W")}</dd>
      </div>
    </dl>
  );
}

/**
 * /business/map (spec 000 §2): where the restaurant is. No map service is reachable here, so the
 * page gives the address and the coordinates a diner can take to their own map app.
 */
export function BusinessMapPage() {
  const back = useGoBack(PATHS.main);
  // a reload of this page has no started store, but the server put the restaurant into the page
  const restaurant = useAppStore((state) => state.restaurant) ?? readPageData().restaurant;
  return (
    <main className="business-map">
      <header className="business-map__bar">
        <button type="button" className="back-button" aria-label={COPY.back} onClick={back}>
          <BackIcon />
        </button>
        <h1 className="business-map__title">{RESTAURANT_COPY.mapTitle}</h1>
      </header>
      {restaurant && (
        <section className="business-map__card">
          <div className="business-map__pin" aria-hidden="true" />
          <h2 className="business-map__name">{restaurant.restaurantName}</h2>
          <Coordinates restaurant={restaurant} />
          <RestaurantFacts restaurant={restaurant} />
        </section>
      )}
    </main>
  );
}
