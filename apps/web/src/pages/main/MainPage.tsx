import { type CSSProperties, useCallback, useRef, useState } from "react";
import { CartBar } from "../../features/cart/index.js";
import { EntryLoading } from "../../features/loading/EntryLoading.js";
import { LoadingOverlay } from "../../features/loading/LoadingOverlay.js";
import { MenuBody } from "../../features/menu/MenuBody.js";
import { MenuTopBar } from "../../features/menu/MenuTopBar.js";
import { RecommendBlock } from "../../features/menu/RecommendBlock.js";
import { useElementSize } from "../../features/menu/use-element-size.js";
import { RestaurantHeader } from "../../features/restaurant/RestaurantHeader.js";
import { useAppStore } from "../../store/app-store.js";
import { useMainStartup } from "./use-main-startup.js";
import { usePosOfflineAlert } from "./use-pos-offline-alert.js";
import "./main.css";

/**
 * The loading view: 客官请稍等... over the menu, or on the first load with no menu yet (the page
 * did not carry it), branded when the restaurant is known.
 */
function MainLoading() {
  const entryLoading = useAppStore((state) => state.entryLoading);
  const loading = useAppStore((state) => state.loading);
  // the server puts the scanned restaurant into the page, so the brand shows before any answer
  const brand = useAppStore((state) => state.restaurant);
  const menuShown = useAppStore((state) => state.foods.length > 0);
  if (entryLoading && brand && !menuShown) return <EntryLoading restaurant={brand} />;
  return <LoadingOverlay visible={entryLoading || loading} />;
}

/**
 * /main, the menu (spec 000 §2): top bar, then one scroller holding the header area, 老板推荐 and
 * the menu in the restaurant's template, then the cart bar.
 */
export function MainPage() {
  useMainStartup();
  usePosOfflineAlert();
  const restaurant = useAppStore((state) => state.restaurant);
  const scrollerRef = useRef<HTMLDivElement | null>(null);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const attachScroller = useCallback((node: HTMLDivElement | null) => {
    scrollerRef.current = node;
    setScroller(node);
  }, []);
  // the sticky category bar of template 1 is as tall as the scroller shows
  const { height } = useElementSize(scroller);
  const viewHeight = { "--menu-view-height": height > 0 ? `${height}px` : "100%" } as CSSProperties;
  return (
    <div className="main-page">
      <MenuTopBar />
      <div className="main-page__scroll" ref={attachScroller} style={viewHeight} data-testid="menu-scroller">
        {restaurant && <RestaurantHeader restaurant={restaurant} />}
        <RecommendBlock />
        <MenuBody scrollerRef={scrollerRef} />
      </div>
      <CartBar />
      <MainLoading />
    </div>
  );
}
