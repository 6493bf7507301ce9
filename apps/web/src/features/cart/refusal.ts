import { type Dish, lowStockHint } from "@tablemate/core";
import { DISH_TEXT_COPY } from "../../copy.js";
import { showToast } from "../loading/toast.js";
import type { CartVerdict } from "./cart-transport.js";

/** Runs a cart operation and shows a refusal's message (您选择的菜品数量太多了！, stock, …) as a toast. */
export async function withRefusalToast(operation: Promise<CartVerdict>): Promise<boolean> {
  const verdict = await operation;
  if (!verdict.ok) showToast(verdict.message);
  return verdict.ok;
}

/** An add of `dish`: a refusal's message, else the low-stock hint '{name}仅剩{n}份' when 1 to 10 are left (001 §5). */
export async function withAddToast(dish: Pick<Dish, "name" | "estimate">, operation: Promise<CartVerdict>) {
  const added = await withRefusalToast(operation);
  const hint = added ? lowStockHint(dish, DISH_TEXT_COPY) : null;
  if (hint) showToast(hint);
  return added;
}
