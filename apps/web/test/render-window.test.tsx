import { RENDER_WINDOW } from "@tablemate/core";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { useRef } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { LIST_CARD_HEIGHT, LIST_DESIGN } from "../src/features/menu/card-designs.js";
import { FRAME_BUDGET, MenuList } from "../src/features/menu/MenuList.js";
import { layoutMenu, menuEntries } from "../src/features/menu/menu-layout.js";
import { buildMenuSections } from "../src/features/menu/sections.js";
import { category, dish } from "./fixtures.js";

const VIEWPORT = 800;

/** 20 categories of 25 dishes: the size of the large demo menu. */
const categories = Array.from({ length: 20 }, (_, i) =>
  category({ id: i + 1, dishesTypeName: `分类${i + 1}` }),
);
const foods = categories.flatMap((c) =>
  Array.from({ length: 25 }, (_, i) => dish({ dishesId: c.id * 100 + i, typeId: c.id })),
);
const layout = layoutMenu(menuEntries(buildMenuSections(categories, foods)), LIST_DESIGN, 300);

/**
 * Gives the test DOM the geometry a phone would have: the scroller shows VIEWPORT px and the list
 * starts at its top, moving up as the scroller scrolls.
 */
function phoneGeometry() {
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockImplementation(function (this: HTMLElement) {
    return this.dataset.testid === "scroller" ? VIEWPORT : 0;
  });
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
    const scroller = this.closest<HTMLElement>("[data-testid=scroller]");
    const top = this.classList.contains("menu-list") && scroller ? -scroller.scrollTop : 0;
    return DOMRect.fromRect({ x: 0, y: top, width: 300, height: 0 });
  });
}

function List() {
  const scrollerRef = useRef<HTMLDivElement | null>(null);
  const listRef = useRef<HTMLDivElement | null>(null);
  return (
    <div data-testid="scroller" ref={scrollerRef}>
      <MenuList layout={layout} variant="list" scrollerRef={scrollerRef} listRef={listRef} />
    </div>
  );
}

const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
const shownIds = () => screen.queryAllByTestId("dish-card").map((card) => Number(card.dataset.dishId));

/** Frames until the mounted cards stop changing: the window fills a couple of cards a frame. */
async function untilSettled(): Promise<void> {
  let last = "";
  for (let frame = 0; frame < 200; frame++) {
    await nextFrame();
    const now = shownIds().join();
    if (now === last) return;
    last = now;
  }
  throw new Error("the render window never settled");
}

describe("the render window", () => {
  it("first renders only the first 15 dishes, then those within 1 screen above and 3 below", async () => {
    phoneGeometry();
    render(<List />, { wrapper: MemoryRouter });
    expect(shownIds()).toEqual(foods.slice(0, RENDER_WINDOW.firstRender).map((d) => d.dishesId));

    // the next frame adds only a couple of cards: mounting is spread over frames
    await nextFrame();
    expect(shownIds().length).toBe(RENDER_WINDOW.firstRender + FRAME_BUDGET.mount);
    await untilSettled();
    // 4 screens from the top: 3200 px of rows, a heading every 25 dishes
    const shown = shownIds();
    expect(shown.length).toBeGreaterThan(RENDER_WINDOW.firstRender);
    expect(shown.length).toBeLessThanOrEqual(Math.ceil((4 * VIEWPORT) / LIST_CARD_HEIGHT) + 1);
    expect(shown).toEqual(foods.slice(0, shown.length).map((d) => d.dishesId));
  });

  it("keeps the whole list's height and puts each card where the layout says", async () => {
    phoneGeometry();
    render(<List />, { wrapper: MemoryRouter });
    await untilSettled();
    const list = document.querySelector<HTMLElement>(".menu-list");
    expect(list?.style.height).toBe(`${layout.height}px`);
    const second = screen.getAllByTestId("dish-card")[1]?.parentElement;
    expect(second?.style.top).toBe(`${layout.boxes[2]?.top}px`);
  });

  it("moves with the scroll: far down the list only dishes near the viewport are mounted", async () => {
    phoneGeometry();
    render(<List />, { wrapper: MemoryRouter });
    await untilSettled();
    const scroller = screen.getByTestId("scroller");
    const target = layout.height / 2;
    scroller.scrollTop = target;
    fireEvent.scroll(scroller);
    // the first frame after a jump already shows the screen; the rest of the window follows
    await nextFrame();
    await nextFrame();
    const onScreen = screen
      .getAllByTestId("dish-card")
      .map((card) => Number.parseFloat(card.parentElement?.style.top ?? ""));
    expect(onScreen.some((top) => top <= target + LIST_CARD_HEIGHT && top >= target - LIST_CARD_HEIGHT)).toBe(
      true,
    );
    await untilSettled();
    const tops = screen
      .getAllByTestId("dish-card")
      .map((card) => Number.parseFloat(card.parentElement?.style.top ?? ""));
    expect(Math.min(...tops)).toBeGreaterThanOrEqual(target - VIEWPORT - LIST_CARD_HEIGHT);
    expect(Math.max(...tops)).toBeLessThan(target + 4 * VIEWPORT);
    expect(tops.length).toBeLessThan(foods.length / 10);

    scroller.scrollTop = layout.height - VIEWPORT;
    fireEvent.scroll(scroller);
    await untilSettled();
    expect(shownIds().at(-1)).toBe(foods.at(-1)?.dishesId);
  });
});
