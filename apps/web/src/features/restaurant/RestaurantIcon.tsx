import type { RestaurantDetail } from "@tablemate/core";
import { type SyntheticEvent, useState } from "react";
import "./restaurant.css";

/** The restaurant's logo, or the first character of its name when it has none (or it fails to load). */
export function RestaurantIcon({
  restaurant,
  size,
}: {
  restaurant: Pick<RestaurantDetail, "restaurantName" | "iconUrl">;
  size: number;
}) {
  const [broken, setBroken] = useState(false);
  const onError = (_event: SyntheticEvent<HTMLImageElement>) => setBroken(true);
  return (
    <span className="restaurant-icon" style={{ width: size, height: size, fontSize: size / 2 }}>
      {restaurant.iconUrl && !broken ? (
        <img src={restaurant.iconUrl} alt="" width={size} height={size} onError={onError} />
      ) : (
        <span className="restaurant-icon__initial">{Array.from(restaurant.restaurantName)[0]}</span>
      )}
    </span>
  );
}
