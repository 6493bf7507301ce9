import { ApiError } from "@tablemate/client";
import type { OrderDetail } from "@tablemate/core";
import { useCallback, useEffect, useState } from "react";
import { fetchOrderDetail } from "../../api/order.js";
import { useAppStore } from "../../store/app-store.js";
import { subscribeTableEvents } from "../cart/table-events.js";
import { onOrderNews } from "./order-news.js";

export type OrderDetailState =
  | { kind: "loading" }
  /** notFound: no such order for this diner (or no id at all): asking again cannot help */
  | { kind: "failed"; notFound: boolean }
  | { kind: "ready"; order: OrderDetail };

/**
 * The order of the page (001 §7): paymentType 1 in prepayment, omitted for a reservation. Asked
 * again whenever the table hears that the order's status changed.
 */
export function useOrderDetail(orderId: number | null) {
  const rid = useAppStore((state) => state.hotelid);
  const isPrepayment = useAppStore((state) => state.isPrepayment);
  const [state, setState] = useState<OrderDetailState>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (orderId === null || rid === null) {
      setState({ kind: "failed", notFound: true });
      return;
    }
    let live = true;
    // attempt: a reload after cancel or retry asks again
    void attempt;
    fetchOrderDetail(orderId, rid, isPrepayment ? 1 : undefined)
      .then((order) => live && setState({ kind: "ready", order }))
      .catch(
        (error: unknown) =>
          live && setState({ kind: "failed", notFound: error instanceof ApiError && error.status === 404 }),
      );
    return () => {
      live = false;
    };
  }, [orderId, rid, isPrepayment, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  // the order or its group's main order changed (accepted, cooking, served, settled, or paid by any
  // phone of the table: 001 §4 type 12): asked again at once
  const mainId = state.kind === "ready" ? state.order.mainOrderId : null;
  useEffect(() => subscribeTableEvents(onOrderNews([orderId, mainId], reload)), [orderId, mainId, reload]);

  return { state, reload };
}
