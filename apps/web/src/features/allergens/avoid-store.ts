import type { Allergen } from "@tablemate/core";

const sortAllergens = (c: Iterable<string>) => [...c] as Allergen[];

import { create } from "zustand";

/**
 * What this diner avoids (issue 29), kept on this phone only: nothing reaches the server unless the
 * diner shares it with the table or tells the kitchen at checkout. The menu marks (or hides) what
 * conflicts through classes on <html> that allergens.css reads; index.html's inline script puts them
 * back before the first paint of the next visit.
 */
export interface AvoidState {
  avoid: Allergen[];
  /** hide the dishes that contain what is avoided, instead of marking them */
  hide: boolean;
  /** tell tablemates' phones (they are asked before adding such a dish; this phone warns) */
  share: boolean;
}

export const AVOID_KEY = "tm-avoid";
/** the classes index.html's inline script sets before the menu paints */
export const AVOID_CLASS_KEY = "tm-avoid-class";

function load(): AvoidState {
  try {
    const saved = JSON.parse(localStorage.getItem(AVOID_KEY) ?? "null") as Partial<AvoidState> | null;
    return {
      avoid: sortAllergens(saved?.avoid ?? []),
      hide: saved?.hide === true,
      share: saved?.share === true,
    };
  } catch {
    return { avoid: [], hide: false, share: false };
  }
}

export const useAvoidStore = create<AvoidState>()(load);

/** The <html> classes of a state: avoid-<code> for each, avoid-hide when hiding. */
export function avoidClasses(state: AvoidState): string[] {
  const classes = state.avoid.map((code) => `avoid-${code}`);
  return state.avoid.length > 0 && state.hide ? [...classes, "avoid-hide"] : classes;
}

function applyClasses(previous: AvoidState, next: AvoidState): void {
  const root = document.documentElement;
  root.classList.remove(...avoidClasses(previous));
  root.classList.add(...avoidClasses(next));
}

export function saveAvoid(patch: Partial<AvoidState>): void {
  const previous = useAvoidStore.getState();
  const next = { ...previous, ...patch, avoid: sortAllergens(patch.avoid ?? previous.avoid) };
  useAvoidStore.setState(next);
  applyClasses(previous, next);
  try {
    localStorage.setItem(AVOID_KEY, JSON.stringify(next));
    localStorage.setItem(AVOID_CLASS_KEY, avoidClasses(next).join(" "));
  } catch {
    // storage full or blocked: the choice holds for this page
  }
}
