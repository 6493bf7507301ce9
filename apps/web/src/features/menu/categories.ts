import type { Category } from "@tablemate/core";

/** Categories in the restaurant's order; equal `sort` values keep the server's order. */
export function sortCategories(categories: readonly Category[]): Category[] {
  return [...categories].sort((a, b) => a.sort - b.sort);
}
