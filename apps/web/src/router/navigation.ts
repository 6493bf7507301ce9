import { useCallback } from "react";
import { useLocation, useNavigate, useNavigationType } from "react-router";
import { carryQuery, type ExtraQuery } from "./query.js";

export interface CarryingNavigateOptions {
  query?: ExtraQuery;
  replace?: boolean;
  /** which parameters to carry; all 14 by default */
  keys?: readonly string[];
}

/** navigate() that keeps the carried query parameters of the current page (spec 000 §2). */
export function useCarryingNavigate(): (to: string, options?: CarryingNavigateOptions) => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (to: string, options: CarryingNavigateOptions = {}) => {
      void navigate(carryQuery(to, search, options.query, options.keys), { replace: options.replace });
    },
    [navigate, search],
  );
}

/**
 * Back where the diner came from when an in-app push brought them here; otherwise (the page was
 * opened first, reached by a redirect, or by the browser's own back and forward) to `fallback` with
 * the carried query, replacing this entry, so the button never leaves the app.
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  const carryingNavigate = useCarryingNavigate();
  const pushed = useNavigationType() === "PUSH";
  return useCallback(() => {
    if (pushed) void navigate(-1);
    else carryingNavigate(fallback, { replace: true });
  }, [pushed, navigate, carryingNavigate, fallback]);
}
