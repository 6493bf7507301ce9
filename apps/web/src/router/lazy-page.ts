import { type ComponentType, lazy } from "react";

/**
 * A page loaded on first visit, so only the menu's code is on the first screen (spec 000 §9).
 * `pick` names the page's export, keeping pages as named exports.
 */
export function lazyPage<M, P extends object = Record<string, never>>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  return lazy(async () => ({ default: pick(await load()) }));
}
