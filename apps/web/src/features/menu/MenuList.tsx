import {
  approachRange,
  firstRenderRange,
  type IndexRange,
  type ListView,
  renderWindow,
} from "@tablemate/core";
import { type CSSProperties, memo, type RefObject, useEffect, useRef, useState } from "react";
import type { CardVariant } from "./card-designs.js";
import { DishCard } from "./DishCard.js";
import { measureListView, sameRange } from "./list-view.js";
import { isDishEntry, type MenuEntry, type MenuLayout, type PlacedBox } from "./menu-layout.js";
import { useScrollFrames } from "./use-scroll-frames.js";

/** Cards this near the list's start load their images at once; later ones when the browser sees fit. */
export const EAGER_IMAGE_COUNT = 6;
/**
 * Entries mounted and dropped per frame on each side of the window beyond what is on screen: a
 * flick brings a few cards near at a time, and mounting them one a frame keeps every frame short
 * (no long task with the CPU slowed 4x), while the screen itself is always complete. Dropping is
 * cheaper, so cards scrolled past go faster.
 */
export const FRAME_BUDGET = { mount: 1, unmount: 3 } as const;

export interface MenuListProps {
  layout: MenuLayout;
  variant: CardVariant;
  scrollerRef: RefObject<HTMLElement | null>;
  listRef: RefObject<HTMLDivElement | null>;
  /** told where the list is on every scroll frame (the category spy) */
  onView?(view: ListView, scroller: HTMLElement): void;
}

/**
 * An entry's place: top and height in pixels, left and width as shares of the list's width, so a
 * list laid out for a guessed width (the server's first screen, before the app measures the phone)
 * still fits the phone across, and a measured one is placed exactly.
 */
const place = (box: PlacedBox, listWidth: number): CSSProperties => {
  const share = (px: number) => (listWidth > 0 ? `${(px / listWidth) * 100}%` : px);
  return { top: box.top, left: share(box.left), width: share(box.width), height: box.height };
};

const ON_SCREEN = { above: 0, below: 0 };

interface CellProps {
  entry: MenuEntry;
  box: PlacedBox;
  listWidth: number;
  variant: CardVariant;
  eager: boolean;
}

/** One placed entry. Memoised: as the window moves, the entries that stay are not rendered again. */
const MenuCell = memo(function MenuCell({ entry, box, listWidth, variant, eager }: CellProps) {
  if (entry.kind === "heading") {
    return (
      <h3 className="menu-list__heading" style={place(box, listWidth)}>
        {entry.title}
      </h3>
    );
  }
  return (
    <div className="menu-list__cell" style={place(box, listWidth)}>
      <DishCard dish={entry.dish} variant={variant} eager={eager} />
    </div>
  );
});

/**
 * The dish list with its render window (spec 000 §5): the first paint holds the first 15 dishes;
 * from then on the mounted entries follow the window of one screen above and three below the
 * viewport (everything on screen at once, the rest a few a frame). Every entry is placed by the
 * layout, so the list keeps its full height and each category its position whatever is mounted.
 */
export function MenuList({ layout, variant, scrollerRef, listRef, onView }: MenuListProps) {
  // null until the first frame after the first paint with dishes
  const [range, setRange] = useState<IndexRange | null>(null);
  const shown = range ?? firstRenderRange(layout.entries, isDishEntry);
  // what the frame loop reads: the latest render's, not the one that scheduled it
  const mounted = useRef(shown);
  mounted.current = shown;
  const boxes = useRef(layout.boxes);
  boxes.current = layout.boxes;
  const windowed = useRef(false);
  const view = useRef<ListView | null>(null);
  const pending = useRef<number | null>(null);

  const stepTowardWindow = useRef(() => {
    pending.current = null;
    if (!view.current) return;
    const target = renderWindow(boxes.current, view.current);
    const onScreen = renderWindow(boxes.current, view.current, ON_SCREEN);
    const next = approachRange(mounted.current, target, onScreen, FRAME_BUDGET);
    if (!windowed.current || !sameRange(next, mounted.current)) {
      windowed.current = true;
      mounted.current = next;
      setRange(next);
    }
    if (!sameRange(next, target)) pending.current = requestAnimationFrame(stepTowardWindow.current);
  });

  useScrollFrames(
    scrollerRef,
    () => {
      const scroller = scrollerRef.current;
      const list = listRef.current;
      if (!scroller || !list || layout.entries.length === 0) return;
      const next = measureListView(scroller, list);
      onView?.(next, scroller);
      if (next.viewportHeight <= 0) return;
      view.current = next;
      if (pending.current === null) stepTowardWindow.current();
    },
    layout,
  );

  useEffect(
    () => () => {
      if (pending.current !== null) cancelAnimationFrame(pending.current);
    },
    [],
  );

  return (
    <div className={`menu-list menu-list--${variant}`} ref={listRef} style={{ height: layout.height }}>
      {layout.entries.slice(shown.start, shown.end).map((entry, offset) => {
        const index = shown.start + offset;
        const box = layout.boxes[index];
        return box ? (
          <MenuCell
            key={entry.key}
            entry={entry}
            box={box}
            listWidth={layout.width}
            variant={variant}
            eager={index < EAGER_IMAGE_COUNT}
          />
        ) : null;
      })}
    </div>
  );
}
