import { MODULE_VIEW_API } from "@tablemate/core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { trackModuleViews } from "../src/features/menu/module-views.js";
import { useAppStore } from "../src/store/app-store.js";
import { fakeServer, ok } from "./fake-server.js";
import { CATEGORIES, FOODS, HOTEL_ID } from "./fixtures.js";

/** Places an element of the menu page at [top, bottom) of the viewport (jsdom lays nothing out). */
function place(element: HTMLElement, top: number, bottom: number): HTMLElement {
  element.getBoundingClientRect = () => ({ top, bottom }) as DOMRect;
  return element;
}

function menuPage() {
  const scroller = place(document.createElement("div"), 0, 700);
  scroller.dataset.testid = "menu-scroller";
  const header = document.createElement("header");
  header.className = "restaurant-header";
  const recommend = document.createElement("section");
  recommend.dataset.testid = "recommend-block";
  const body = document.createElement("div");
  body.className = "menu-body";
  scroller.append(header, recommend, body);
  document.body.append(scroller);
  return { header, recommend, body };
}

/** Module-view tracking (001 §9): looked at once a second, each module sent once, in batches. */
describe("module views", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useAppStore.setState({
      hotelid: HOTEL_ID,
      guid: "views-guid-0001",
      categories: CATEGORIES,
      foods: FOODS,
      categoryIndex: 0,
      secondCategoryIndex: 0,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it("notes what is on screen each second and sends each module once, in a batch to our server", async () => {
    const server = fakeServer({ [MODULE_VIEW_API.moduleViews]: () => ok({ recorded: 1 }, 200) });
    const { header, recommend, body } = menuPage();
    place(header, 0, 200);
    place(recommend, 200, 0); // folded away: no height
    place(body, 200, 1800);
    const stop = trackModuleViews();
    const batches = () => server.requests.filter((r) => r.path === MODULE_VIEW_API.moduleViews);

    await vi.advanceTimersByTimeAsync(1000);
    expect(batches()).toHaveLength(0);
    // scrolled to the second category: the header has gone above the screen
    place(header, -400, -200);
    place(body, -200, 1400);
    useAppStore.setState({ categoryIndex: 1 });
    await vi.advanceTimersByTimeAsync(14_000);
    expect(batches().map((r) => [r.query.get("rid"), r.json])).toEqual([
      [String(HOTEL_ID), { guid: "views-guid-0001", modules: ["header", "c2", "c1"] }],
    ]);
    expect(batches()[0]?.init.keepalive).toBeUndefined();

    // nothing new: nothing sent; a module seen later goes when the page is hidden, outliving it
    await vi.advanceTimersByTimeAsync(15_000);
    expect(batches()).toHaveLength(1);
    place(header, -300, -150);
    place(recommend, 10, 150);
    await vi.advanceTimersByTimeAsync(1000);
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    document.dispatchEvent(new Event("visibilitychange"));
    expect(batches().map((r) => r.json?.modules)).toEqual([["header", "c2", "c1"], ["recommend"]]);
    expect(batches()[1]?.init.keepalive).toBe(true);

    // hidden, nothing is seen; stopped, nothing more is looked at
    await vi.advanceTimersByTimeAsync(2000);
    stop();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(batches()).toHaveLength(2);
  });
});
