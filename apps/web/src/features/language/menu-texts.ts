import { type MenuDictionary, translateText } from "@tablemate/core";
import { useSyncExternalStore } from "react";

// The menu's texts in the language shown ({} while the restaurant's own words are shown): what the
// server sends in the restaurant's words beside the menu (order lines, the bill's dishes) reads them.
let texts: MenuDictionary = {};
const listeners = new Set<() => void>();

export function showMenuTexts(next: MenuDictionary): void {
  texts = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => texts;

/** A text of the menu in the language shown (renders again when it changes); else as written. */
export function useMenuText(): (text: string) => string {
  const shown = useSyncExternalStore(subscribe, current, current);
  return (text) => translateText(text, shown);
}
