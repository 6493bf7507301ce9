import type { TableEvent } from "./socket-transport.js";

type Listener = (event: TableEvent) => void;
const listeners = new Set<Listener>();

/** Tablemates' changes as the shared cart hears them: for notices and alerts anywhere in the app. */
export function subscribeTableEvents(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitTableEvent(event: TableEvent): void {
  for (const listener of listeners) listener(event);
}
