import { useHref, useLocation, useSearchParams } from "react-router";
import { PATHS } from "../../router/paths.js";
import { carryQuery, type ExtraQuery } from "../../router/query.js";

/**
 * The path the provider sends the browser back to: `page` (/pay/success, or the recharge page) with
 * the carried query and `extra` (the order, or bill=1), as the browser addresses it (under the
 * router's prefix, or in the hash); the server appends the attempt's tradeNo.
 */
export function useReturnPath(extra: ExtraQuery, page: string = PATHS.paySuccess): string {
  const { search } = useLocation();
  const href = useHref(carryQuery(page, search, extra));
  const url = new URL(href, window.location.href);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A parameter of the provider's way back (the tradeNo the server appended). In hash mode it lands in
 * the page's own query, outside the hash the router reads.
 */
export function useReturnedParam(name: string): string | null {
  const [params] = useSearchParams();
  return params.get(name) || new URLSearchParams(window.location.search).get(name);
}
