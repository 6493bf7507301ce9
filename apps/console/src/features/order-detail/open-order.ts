import { create } from "zustand";

interface OpenOrderState {
  /** the order the detail shows; null: closed */
  orderId: number | null;
  close(): void;
}

/** The one order detail's state: any page opens it with openOrder, the layout shows it. */
export const useOpenOrder = create<OpenOrderState>()((set) => ({
  orderId: null,
  close: () => set({ orderId: null }),
}));

/** Opens an order's detail over the page (floor, orders, kitchen, money, home alike). */
export function openOrder(orderId: number): void {
  useOpenOrder.setState({ orderId });
}
