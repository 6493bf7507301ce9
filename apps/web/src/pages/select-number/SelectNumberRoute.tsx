import { Suspense } from "react";
import { EntryLoading } from "../../features/loading/EntryLoading.js";
import { LoadingOverlay } from "../../features/loading/LoadingOverlay.js";
import { lazyPage } from "../../router/lazy-page.js";
import { useAppStore } from "../../store/app-store.js";

const SelectNumberPage = lazyPage(
  () => import("./SelectNumberPage.js"),
  (m) => m.SelectNumberPage,
);

/** The step's wait: branded when the restaurant is known (the page data carries it), as the server paints it. */
export function SelectNumberWait() {
  const restaurant = useAppStore((state) => state.restaurant);
  return restaurant ? <EntryLoading restaurant={restaurant} /> : <LoadingOverlay visible />;
}

/**
 * The diner-count step's route: its page loads on first visit behind the same wait the server
 * painted and the page shows while it starts, so nothing else flashes in between.
 */
export function SelectNumberRoute() {
  return (
    <Suspense fallback={<SelectNumberWait />}>
      <SelectNumberPage />
    </Suspense>
  );
}
