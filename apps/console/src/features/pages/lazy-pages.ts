import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { ConsolePage } from "../../pages.js";

const made = new Map<ConsolePage, LazyExoticComponent<ComponentType>>();

/** A page's lazy component, made once per registry entry (so a re-render never loads it again). */
export function lazyPage(page: ConsolePage): LazyExoticComponent<ComponentType> {
  let component = made.get(page);
  if (!component) {
    component = lazy(page.load);
    made.set(page, component);
  }
  return component;
}
