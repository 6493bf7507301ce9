import {
  type Dish,
  dishName,
  IMAGE_SIZES,
  type ImageLayout,
  parseImageSuffix,
  sizedImageUrl,
} from "@tablemate/core";
import type { SyntheticEvent } from "react";

function hideBrokenImage(event: SyntheticEvent<HTMLImageElement>) {
  // the box keeps its size and placeholder colour, so nothing shifts
  event.currentTarget.style.visibility = "hidden";
}

/** Large layouts take the big picture where the dish has one. */
const USES_BIG_IMAGE: readonly ImageLayout[] = ["big", "four"];

/**
 * A dish picture at its layout's size suffix (spec 000 §7). width and height give the browser the
 * box's proportions before the image arrives; the CSS box has the same aspect ratio, so no shift.
 */
export function DishImage({ dish, layout, eager }: { dish: Dish; layout: ImageLayout; eager: boolean }) {
  const source = USES_BIG_IMAGE.includes(layout) ? dish.bigImg || dish.smallImg : dish.smallImg;
  const src = sizedImageUrl(source, layout);
  const size = parseImageSuffix(IMAGE_SIZES[layout]);
  if (!src || !size) return null;
  return (
    <img
      src={src}
      alt={dishName(dish)}
      width={size.width}
      height={size.height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      onError={hideBrokenImage}
    />
  );
}
