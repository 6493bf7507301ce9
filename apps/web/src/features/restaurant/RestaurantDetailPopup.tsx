import type { RestaurantDetail } from "@tablemate/core";
import Popup from "antd-mobile/es/components/popup";
import { Link, useLocation } from "react-router";
import { PATHS } from "../../router/paths.js";
import { carryQuery } from "../../router/query.js";
import { RestaurantFacts } from "./RestaurantFacts.js";
import { RestaurantIcon } from "./RestaurantIcon.js";
import { RESTAURANT_COPY } from "./restaurant-copy.js";

export interface RestaurantDetailPopupProps {
  restaurant: RestaurantDetail;
  visible: boolean;
  onClose(): void;
}

/** The restaurant detail panel (spec 000 §2, 001 §3), opened from the announcement's 展开全部. */
export function RestaurantDetailPopup({ restaurant, visible, onClose }: RestaurantDetailPopupProps) {
  const { search } = useLocation();
  return (
    <Popup
      visible={visible}
      onClose={onClose}
      onMaskClick={onClose}
      showCloseButton
      bodyClassName="restaurant-detail"
    >
      <section aria-label={RESTAURANT_COPY.restaurantDetail} data-testid="restaurant-detail">
        <header className="restaurant-detail__head">
          <RestaurantIcon restaurant={restaurant} size={56} />
          <div>
            <h2 className="restaurant-detail__name">{restaurant.restaurantName}</h2>
            {restaurant.hotelLabel && <p className="restaurant-detail__label">{restaurant.hotelLabel}</p>}
          </div>
        </header>
        <RestaurantFacts restaurant={restaurant} />
        <Link className="restaurant-detail__map" to={carryQuery(PATHS.businessMap, search)} onClick={onClose}>
          {RESTAURANT_COPY.viewMap}
        </Link>
      </section>
    </Popup>
  );
}
