import { IMAGE_SIZES, type ImageLayout, parseImageSuffix } from "@tablemate/core";

/**
 * How each menu template draws its dish cards (spec 000 §2, §7). Every size here is fixed, so the
 * whole list's layout is known without measuring a card: the render window and the category
 * positions come from arithmetic, and a card that mounts late never moves anything.
 */
export type CardVariant = "list" | "big" | "nine" | "four" | "featured" | "recommend";

export interface CardDesign {
  variant: CardVariant;
  /** the image size suffix (spec 000 §7) */
  image: ImageLayout;
  /** cards per row for a list this wide */
  columns(width: number): number;
  /** px between cards, across and down */
  gap: number;
  /** a card's height for a card this wide */
  cardHeight(cardWidth: number): number;
  /**
   * One category per page, turned by the category tabs or by a pull past the page's end or top
   * (spec 000 §3 currentPageIndex, §5 pulling to change page), rather than one long list.
   */
  byCategory: boolean;
}

/** A section heading's height in every template. */
export const HEADING_HEIGHT = 40;
/** Template 1's image box (CSS px); its 200w_200h source stays sharp on 2x screens. */
export const LIST_IMAGE_PX = 88;
/** Template 1's card: the image box and 12 px above and below it. */
export const LIST_CARD_HEIGHT = LIST_IMAGE_PX + 24;
/** Template 3 fits a third card on a row only while each stays at least this wide. */
export const NINE_MIN_CARD_WIDTH = 110;

/** The image's width over height, from its size suffix. */
export function imageRatio(layout: ImageLayout): number {
  const size = parseImageSuffix(IMAGE_SIZES[layout]);
  return size ? size.width / size.height : 1;
}

/** A card of an image spanning its width over a text block of fixed height. */
const imageOver = (layout: ImageLayout, textHeight: number) => (cardWidth: number) =>
  cardWidth / imageRatio(layout) + textHeight;

const one = () => 1;

export const LIST_DESIGN: CardDesign = {
  variant: "list",
  image: "default",
  columns: one,
  gap: 0,
  cardHeight: () => LIST_CARD_HEIGHT,
  byCategory: false,
};

/** Template 2: one big card per row, the picture full width. */
export const BIG_DESIGN: CardDesign = {
  variant: "big",
  image: "big",
  columns: one,
  gap: 12,
  cardHeight: imageOver("big", 108),
  byCategory: true,
};

/** Template 3: small nine-grid cards, 3 per row where they stay wide enough, else 2. */
export const NINE_DESIGN: CardDesign = {
  variant: "nine",
  image: "nine",
  columns: (width) => (width + 8 >= 3 * (NINE_MIN_CARD_WIDTH + 8) ? 3 : 2),
  gap: 8,
  cardHeight: imageOver("nine", 80),
  byCategory: true,
};

/**
 * Template 4: super cards, two per row. The 'four' size (200w_150h) rather than 'big': a half-width
 * card is about 180 px wide, which 200w_150h drawn at 2x covers sharply, while 'big' (345w_195h)
 * would send three times the pixels and crop the dish to a strip.
 */
export const FOUR_DESIGN: CardDesign = {
  variant: "four",
  image: "four",
  columns: () => 2,
  gap: 10,
  cardHeight: imageOver("four", 104),
  byCategory: true,
};

/**
 * Templates 2-4 page by category: their tabs name the pages, and their big pictures would make the
 * whole menu one very long scroll. Template 1's side bar follows every category in one list.
 */
export const TEMPLATE_DESIGNS: Record<1 | 2 | 3 | 4, CardDesign> = {
  1: LIST_DESIGN,
  2: BIG_DESIGN,
  3: NINE_DESIGN,
  4: FOUR_DESIGN,
};
