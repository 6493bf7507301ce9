import { TIMING } from "@tablemate/core";

/** Told once per call that has been pending for TIMING.slowNetworkMs (spec 000 §8). */
export type SlowNetworkListener = (path: string) => void;

const listeners = new Set<SlowNetworkListener>();

/** Returns the function that stops listening. */
export function onSlowNetwork(listener: SlowNetworkListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Starts the slow-call clock of one call; the returned function stops it when the call settles. */
export function watchCall(path: string): () => void {
  const timer = setTimeout(() => {
    for (const listener of listeners) listener(path);
  }, TIMING.slowNetworkMs);
  return () => clearTimeout(timer);
}
