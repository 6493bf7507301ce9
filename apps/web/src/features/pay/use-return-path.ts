import { useHref, useLocation } from "react-router";
import { PATHS } from "../../router/paths.js";
import { carryQuery, type ExtraQuery } from "../../router/query.js";

/**
 * The path the provider sends the browser back to: /pay/success with the carried query and `extra`
 * (the order, or bill=1), as the browser addresses it (under the router's prefix, or in the hash);
 * the server appends the attempt's tradeNo.
 */
export function useReturnPath(extra: ExtraQuery): string {
  const { search } = useLocation();
  const href = useHref(carryQuery(PATHS.paySuccess, search, extra));
  const url = new URL(href, window.location.href);
  return `${url.pathname}${url.search}${url.hash}`;
}
