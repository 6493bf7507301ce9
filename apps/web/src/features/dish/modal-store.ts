import type { Dish } from "@tablemate/core";
import { create } from "zustand";

/** The modals a dish opens from the menu (spec 000 §2): its detail, add-ons, or property/spec. */
export type DishModalKind = "detail" | "additions" | "spec";

export interface OpenDishModal {
  kind: DishModalKind;
  dish: Dish;
  visible: boolean;
  /** tells one opening from the next, so a closing animation never clears a newer modal */
  serial: number;
}

interface DishModalState {
  modal: OpenDishModal | null;
}

export const useDishModalStore = create<DishModalState>()(() => ({ modal: null }));

let serial = 0;

export function openDishModal(dish: Dish, kind: DishModalKind): void {
  serial += 1;
  useDishModalStore.setState({ modal: { kind, dish, visible: true, serial } });
}

/** Starts the closing animation. */
export function closeDishModal(): void {
  const { modal } = useDishModalStore.getState();
  if (modal?.visible) useDishModalStore.setState({ modal: { ...modal, visible: false } });
}

/** After the closing animation of modal `closing`: gone, unless another has opened since. */
export function forgetDishModal(closing: number): void {
  const { modal } = useDishModalStore.getState();
  if (modal && modal.serial === closing && !modal.visible) useDishModalStore.setState({ modal: null });
}

export function resetDishModal(): void {
  useDishModalStore.setState({ modal: null });
}
