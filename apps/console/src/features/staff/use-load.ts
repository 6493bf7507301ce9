import { App } from "antd";
import { useCallback, useEffect, useState } from "react";
import { ApiError } from "../../api/http.js";
import { COMMON_COPY } from "../../copy/index.js";

/** The message a failed call shows: the server's words (core's ERRORS), else the network's. */
export function failure(error: unknown): string {
  return error instanceof ApiError ? error.message : COMMON_COPY.network;
}

/** Loads a page's data with `load`, again on `reload()` or when `key` changes; failures are shown, not thrown. */
export function useLoad<T>(
  load: () => Promise<T>,
  key: unknown,
): { data: T | null; loading: boolean; reload: () => void } {
  const { message } = App.useApp();
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `round` are what a reload changes
  useEffect(() => {
    let live = true;
    setLoading(true);
    load()
      .then((value) => live && setData(value))
      .catch((error: unknown) => live && void message.error(failure(error)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data, loading, reload };
}

/** The console's date and time of an instant, on the restaurant's clock. */
export { shortTime } from "../session/restaurant-time.js";
