import type { RestaurantDetail } from "@tablemate/core";
import { lazy, Suspense, useState } from "react";
import { AnnouncementBar } from "./AnnouncementBar.js";
import { BusinessBanner } from "./BusinessBanner.js";
import { DiscountBanner } from "./DiscountBanner.js";
import { MemberBanner } from "./MemberBanner.js";

// the panel's code (and antd-mobile's Popup) loads when the diner first opens it
const RestaurantDetailPopup = lazy(async () => ({
  default: (await import("./RestaurantDetailPopup.js")).RestaurantDetailPopup,
}));

/** The header area of the menu (spec 000 §2): business banner, member banner, announcement, discount. */
export function RestaurantHeader({ restaurant }: { restaurant: RestaurantDetail }) {
  const [detailOpen, setDetailOpen] = useState(false);
  // mounted from the first opening on, so closing can animate
  const [detailMounted, setDetailMounted] = useState(false);
  const openDetail = () => {
    setDetailMounted(true);
    setDetailOpen(true);
  };
  return (
    <header className="restaurant-header">
      <BusinessBanner restaurant={restaurant} />
      <MemberBanner />
      <AnnouncementBar text={restaurant.announcement} onExpand={openDetail} />
      <DiscountBanner text={restaurant.discountText} />
      {detailMounted && (
        <Suspense fallback={null}>
          <RestaurantDetailPopup
            restaurant={restaurant}
            visible={detailOpen}
            onClose={() => setDetailOpen(false)}
          />
        </Suspense>
      )}
    </header>
  );
}
