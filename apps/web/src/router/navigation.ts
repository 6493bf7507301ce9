import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { carryQuery, type ExtraQuery } from "./query.js";

export interface CarryingNavigateOptions {
  query?: ExtraQuery;
  replace?: boolean;
}

/** navigate() that keeps the carried query parameters of the current page (spec 000 §2). */
export function useCarryingNavigate(): (to: string, options?: CarryingNavigateOptions) => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (to: string, options: CarryingNavigateOptions = {}) => {
      void navigate(carryQuery(to, search, options.query), { replace: options.replace });
    },
    [navigate, search],
  );
}
