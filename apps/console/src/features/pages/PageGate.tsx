import { roleCan } from "@tablemate/core";
import { Result } from "antd";
import { createElement } from "react";
import { COMMON_COPY } from "../../copy/index.js";
import type { ConsolePage } from "../../pages.js";
import { useCurrentRestaurant } from "../session/session-store.js";
import { lazyPage } from "./lazy-pages.js";

/**
 * A registry page, for a role that may use it; another role (a link, a typed path) is told so and its
 * chunk is not even loaded. The server refuses the page's calls to that role anyway.
 */
export function PageGate({ page }: { page: ConsolePage }) {
  const restaurant = useCurrentRestaurant();
  if (!restaurant || !roleCan(restaurant.role, page.permission)) {
    return (
      <Result
        status="403"
        title={COMMON_COPY.forbidden.title}
        subTitle={COMMON_COPY.forbidden.subtitle}
        data-testid="forbidden"
      />
    );
  }
  return createElement(lazyPage(page));
}
