import type { Dish } from "@tablemate/core";
import { lazy, Suspense, useEffect } from "react";
import { openDishModal, resetDishModal, useDishModalStore } from "./modal-store.js";

// The modals load on the first tap, keeping their widgets out of the menu's first screen.
const DishModal = lazy(() => import("./DishModal.js").then((module) => ({ default: module.DishModal })));

/** Opens the detail modal of a dish (a tap on its card). */
export function openDishDetail(dish: Dish): void {
  openDishModal(dish, "detail");
}

/** Renders whichever dish modal is open; mounted once by each page that shows dishes. */
export function DishModalsHost() {
  const modal = useDishModalStore((state) => state.modal);
  // a page left with a modal open does not bring it back on the next page
  useEffect(() => resetDishModal, []);
  if (!modal) return null;
  return (
    <Suspense fallback={null}>
      <DishModal modal={modal} />
    </Suspense>
  );
}
