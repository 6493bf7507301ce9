import type { RestaurantDetail } from "@tablemate/core";
import type { ReactNode } from "react";
import { RESTAURANT_COPY } from "./restaurant-copy.js";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="restaurant-facts__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Chips({ items }: { items: readonly string[] }) {
  return (
    <span className="restaurant-facts__chips">
      {items.map((item) => (
        <span key={item} className="restaurant-facts__chip">
          {item}
        </span>
      ))}
    </span>
  );
}

/** The restaurant's details as label and value rows; rows without a value are left out. */
export function RestaurantFacts({ restaurant }: { restaurant: RestaurantDetail }) {
  const description = restaurant.description || restaurant.restaurantDescription;
  return (
    <dl className="restaurant-facts">
      {restaurant.address && <Fact label={RESTAURANT_COPY.address}>{restaurant.address}</Fact>}
      {restaurant.phone && (
        <Fact label={RESTAURANT_COPY.phone}>
          <a href={`tel:${restaurant.phone}`}>{restaurant.phone}</a>
        </Fact>
      )}
      {restaurant.businessTime && <Fact label={RESTAURANT_COPY.businessTime}>{restaurant.businessTime}</Fact>}
      {restaurant.tags.length > 0 && (
        <Fact label={RESTAURANT_COPY.tags}>
          <Chips items={restaurant.tags} />
        </Fact>
      )}
      {restaurant.environment.length > 0 && (
        <Fact label={RESTAURANT_COPY.environment}>
          <Chips items={restaurant.environment} />
        </Fact>
      )}
      {description && <Fact label={RESTAURANT_COPY.description}>{description}</Fact>}
    </dl>
  );
}
