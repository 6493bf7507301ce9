import {
  MODULE_VIEW_BATCH_MAX,
  MODULE_VIEW_BATCH_MS,
  MODULE_VIEW_INTERVAL_MS,
  modulesInView,
} from "@tablemate/core";
import { sendModuleViews } from "../../api/module-views.js";
import { useAppStore } from "../../store/app-store.js";
import { shownFoods } from "./hidden-dishes.js";
import { buildMenuSections } from "./sections.js";

/** The menu's group the scroll spy shows at the list's top: c<category id> or s<second category id>. */
function currentGroupKey(): string | null {
  const { categories, categoryIndex, secondCategoryIndex } = useAppStore.getState();
  const section = buildMenuSections(categories, shownFoods())[categoryIndex];
  return section?.groups[secondCategoryIndex]?.key ?? section?.groups[0]?.key ?? null;
}

/** The modules of the menu page with their boxes: the header, 老板推荐, and the group at the list's top. */
function moduleBoxes(scroller: Element): { key: string; top: number; bottom: number }[] {
  const parts: [string | null, Element | null][] = [
    ["header", scroller.querySelector(".restaurant-header")],
    ["recommend", scroller.querySelector('[data-testid="recommend-block"]')],
    [currentGroupKey(), scroller.querySelector(".menu-body")],
  ];
  return parts.flatMap(([key, element]) => {
    if (!key || !element) return [];
    const { top, bottom } = element.getBoundingClientRect();
    return [{ key, top, bottom }];
  });
}

/**
 * Module-view tracking (spec 001 §9), started by the menu's idle layer (features/member/MemberBar.tsx):
 * once a second, what the visible menu shows is noted; each module is sent once a page load, in
 * batches to our own server (every 15 s, and when the page is hidden or left). Answers the way to stop.
 */
export function trackModuleViews(): () => void {
  const sent = new Set<string>();
  const pending = new Set<string>();

  const look = () => {
    const scroller = document.querySelector('[data-testid="menu-scroller"]');
    // the menu is kept alive behind other pages: hidden there, it has no size and shows nothing
    if (!scroller || document.visibilityState !== "visible") return;
    const band = scroller.getBoundingClientRect();
    for (const key of modulesInView(moduleBoxes(scroller), band)) if (!sent.has(key)) pending.add(key);
  };

  const flush = (leaving: boolean) => {
    const { hotelid, guid } = useAppStore.getState();
    if (pending.size === 0 || hotelid === null || !guid) return;
    const modules = [...pending].slice(0, MODULE_VIEW_BATCH_MAX);
    for (const key of modules) {
      pending.delete(key);
      sent.add(key);
    }
    // a lost batch is not sent again: these are counts, never worth a diner's retry
    sendModuleViews(hotelid, { guid, modules }, leaving).catch(() => undefined);
  };

  const onHide = () => {
    if (document.visibilityState === "hidden") flush(true);
  };
  const looking = setInterval(look, MODULE_VIEW_INTERVAL_MS);
  const sending = setInterval(() => flush(false), MODULE_VIEW_BATCH_MS);
  const onLeave = () => flush(true);
  document.addEventListener("visibilitychange", onHide);
  window.addEventListener("pagehide", onLeave);
  return () => {
    clearInterval(looking);
    clearInterval(sending);
    document.removeEventListener("visibilitychange", onHide);
    window.removeEventListener("pagehide", onLeave);
    flush(true);
  };
}
