import { ApiError } from "@tablemate/client";
import type { PayStart } from "@tablemate/core";
import { useCallback, useEffect, useRef, useState } from "react";
import { useCarryingNavigate } from "../../router/navigation.js";
import { PATHS } from "../../router/paths.js";
import type { ExtraQuery } from "../../router/query.js";
import { showToast } from "../loading/toast.js";
import { PAY_COPY } from "./pay-copy.js";
import { forgetPayKey, type PayIntent, payKey } from "./pay-key.js";
import { actOnNext, type NextShown } from "./pay-next.js";

/** What the page shows of a started payment that did not leave the page (a QR code, no WeChat). */
export type StartShown = Exclude<NextShown, { kind: "jsapi" | "paid" }> & { tradeNo: string; test: boolean };

/**
 * Starting a payment (an order's, a bill share's, a recharge's) and acting on the server's next step.
 * The key is the intent's kept one, so a second tap or a retry after no answer asks for the same
 * attempt; a refusal drops it (the server let the key go with it), so the next tap is a new request.
 * `refresh` asks the page's view again after a refusal or a cancelled WeChat pay sheet; the result is
 * shown at `resultPage` (/pay/success, or the recharge page) with the tradeNo.
 */
export function useStartPay(
  resultQuery: ExtraQuery,
  refresh: () => void,
  resultPage: string = PATHS.paySuccess,
) {
  const navigate = useCarryingNavigate();
  const [starting, setStarting] = useState(false);
  const [shown, setShown] = useState<StartShown | null>(null);
  const busy = useRef(false);

  // back from the provider's page by the browser's back button (a page restored from its cache):
  // the button is free again and the view asked anew
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      busy.current = false;
      setStarting(false);
      refresh();
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, [refresh]);

  const toResult = useCallback(
    (tradeNo: string) => navigate(resultPage, { query: { ...resultQuery, tradeNo } }),
    [navigate, resultQuery, resultPage],
  );

  const start = useCallback(
    async (intent: PayIntent, what: string, call: (key: string) => Promise<PayStart>) => {
      if (busy.current) return;
      busy.current = true;
      setStarting(true);
      let leaving = false;
      try {
        const started = await call(payKey(intent, what));
        const next = await actOnNext(started.next);
        if (next.kind === "paid") {
          // member money paid it all, no gateway asked: the result page reads it from the order
          navigate(resultPage, { query: resultQuery });
          return;
        }
        if (next.kind === "jsapi") {
          // WeChat's sheet said ok: the return page asks the server; cancelled: /pay as it is now
          if (next.ok) toResult(started.tradeNo);
          else refresh();
          return;
        }
        leaving = next.kind === "leaving";
        setShown({ ...next, tradeNo: started.tradeNo, test: started.test });
      } catch (error) {
        const refused = error instanceof ApiError && error.kind === "envelope";
        // no answer (network, timeout): the server may have started it, so the key stays for the retry
        if (refused) forgetPayKey(intent);
        showToast(refused && error.message ? error.message : PAY_COPY.startFailed);
        if (refused) refresh();
      } finally {
        // on the way to the provider the button stays busy: a second tap would only post again
        if (!leaving) {
          busy.current = false;
          setStarting(false);
        }
      }
    },
    [refresh, toResult, navigate, resultPage, resultQuery],
  );

  return { start, starting, shown, toResult };
}
