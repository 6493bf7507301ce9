import type { PayAttempt } from "@tablemate/core";
import { useCallback, useEffect, useRef, useState } from "react";
import { attempt } from "../../api/pay.js";

/** Asked every second while the provider usually answers, then every 5 s (with 刷新 offered). */
export const POLL_FAST_MS = 1000;
export const POLL_FAST_FOR_MS = 30_000;
export const POLL_SLOW_MS = 5000;

export interface AttemptPoll {
  /** the server's latest word on the attempt; null until it first answers */
  seen: PayAttempt | null;
  /** past the fast phase without a final answer */
  slow: boolean;
  /** ask now (刷新) */
  refresh: () => void;
}

/**
 * The attempt's state as the server knows it, asked until it is final (paid, failed, closed). The
 * browser coming back from the provider proves nothing: only the server's answer (its provider's
 * notification, or its own query at the provider) says paid.
 */
export function useAttemptPoll(rid: number | null, tradeNo: string | null): AttemptPoll {
  const [seen, setSeen] = useState<PayAttempt | null>(null);
  const [slow, setSlow] = useState(false);
  const askNow = useRef<() => void>(() => {});

  useEffect(() => {
    if (rid === null || !tradeNo) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asking = false;
    const began = Date.now();
    const ask = async () => {
      // one question at a time: 刷新 while one is out waits for its answer
      if (asking) return;
      asking = true;
      clearTimeout(timer);
      let final = false;
      try {
        const answer = await attempt(rid, tradeNo);
        if (!live) return;
        setSeen(answer);
        final = answer.status !== "pending";
      } catch {
        // no answer this time (the network, the server): asked again on the next tick
      }
      asking = false;
      if (!live || final) return;
      const fast = Date.now() - began < POLL_FAST_FOR_MS;
      setSlow(!fast);
      timer = setTimeout(() => void ask(), fast ? POLL_FAST_MS : POLL_SLOW_MS);
    };
    askNow.current = () => void ask();
    void ask();
    return () => {
      live = false;
      clearTimeout(timer);
      askNow.current = () => {};
    };
  }, [rid, tradeNo]);

  const refresh = useCallback(() => askNow.current(), []);
  return { seen, slow, refresh };
}
