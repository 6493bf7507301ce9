import type { PayView } from "@tablemate/core";
import { payView } from "../../api/pay.js";
import { rawPageData } from "../../config.js";

/**
 * Takes the pay view the page carried (a /pay?orderId= opened from a link) when it is this order's:
 * once, so no later visit of the page shows it again.
 */
function takeCarriedView(orderId: number): PayView | null {
  const raw = rawPageData();
  if (typeof raw !== "object" || raw === null) return null;
  const page = raw as { pay?: unknown };
  const view = page.pay as PayView | null | undefined;
  if (typeof view !== "object" || view === null || view.orderId !== orderId) return null;
  delete page.pay;
  return typeof view.due === "string" ? view : null;
}

/**
 * An order's pay view for its page's first load: the one the server put into the page, so a /pay
 * opened from a link shows the amount without asking after the store's start; otherwise, and on
 * every later load, the pay call.
 */
export function firstPayView(rid: number, orderId: number): Promise<PayView> {
  const carried = takeCarriedView(orderId);
  return carried ? Promise.resolve(carried) : payView(rid, orderId);
}
