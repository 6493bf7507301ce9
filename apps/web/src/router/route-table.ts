import type { ComponentType } from "react";
import { MainPage } from "../pages/main/MainPage.js";
import { AbnormalPage } from "../pages/prompt/AbnormalPage.js";
import { LogoutPage } from "../pages/prompt/LogoutPage.js";
import { NoOrderPage } from "../pages/prompt/NoOrderPage.js";
import { OverduePage } from "../pages/prompt/OverduePage.js";
import { PATHS } from "./paths.js";

/**
 * menu: /main, which starts the store itself; page: needs a started store (guarded);
 * prompt: a message page, never guarded and never resumed by the entry route.
 */
export type PageKind = "menu" | "page" | "prompt";

export interface PageRoute {
  path: string;
  kind: PageKind;
  Page: ComponentType;
}

/** The pages of the app. A new page is one line here; paths not listed fall to the not-found page. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  { path: PATHS.main, kind: "menu", Page: MainPage },
  { path: PATHS.abnormal, kind: "prompt", Page: AbnormalPage },
  { path: PATHS.noOrder, kind: "prompt", Page: NoOrderPage },
  { path: PATHS.overdue, kind: "prompt", Page: OverduePage },
  { path: PATHS.logout, kind: "prompt", Page: LogoutPage },
];

export function isGuarded(route: PageRoute): boolean {
  return route.kind === "page";
}

/**
 * The entry route (spec 000 §2): the saved path, or /main when nothing or the bare root was saved.
 * Prompt pages and unknown paths also give /main, so a rescan never lands back on an error page.
 */
export function resolveEntryPath(saved: string | null, routes: readonly PageRoute[] = PAGE_ROUTES): string {
  const route = routes.find((candidate) => candidate.path === saved);
  return route && route.kind !== "prompt" ? route.path : PATHS.main;
}
