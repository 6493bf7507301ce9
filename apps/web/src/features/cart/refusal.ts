import { showToast } from "../loading/toast.js";
import type { CartVerdict } from "./cart-transport.js";

/** Runs a cart operation and shows a refusal's message (您选择的菜品数量太多了！, stock, …) as a toast. */
export async function withRefusalToast(operation: Promise<CartVerdict>): Promise<boolean> {
  const verdict = await operation;
  if (!verdict.ok) showToast(verdict.message);
  return verdict.ok;
}
