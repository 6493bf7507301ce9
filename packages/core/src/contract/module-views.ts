import { z } from "zod";
import { guidSchema, idSchema } from "./common.js";

/**
 * Module-view tracking (spec 001 §9): which parts of the menu a diner had on screen, looked at once a
 * second, sent in batches to our own server (no third party). In a module of its own, loaded with the
 * tracker after the first screen.
 */
export const MODULE_VIEW_API = {
  /** POST ?rid= {guid, modules}: the menu's modules seen since the last batch */
  moduleViews: "/cloud/api/v1/module-views",
} as const;

/** How often the menu is looked at for what is on screen (001 §9: 1 s). */
export const MODULE_VIEW_INTERVAL_MS = 1000;

/** How often a batch goes out while the menu stays open (and when the page is hidden). */
export const MODULE_VIEW_BATCH_MS = 15_000;

/** Most modules in one batch: a menu's categories and second categories, the header and 老板推荐. */
export const MODULE_VIEW_BATCH_MAX = 100;

/**
 * A module's key: the restaurant header, 老板推荐, or the menu's group headed by a category (c<id>)
 * or a second category (s<id>), as the menu's sections name them.
 */
export const moduleKeySchema = z.string().regex(/^(header|recommend|[cs][1-9]\d{0,8})$/, "模块名称不正确");

export const moduleViewsBodySchema = z.object({
  guid: guidSchema,
  modules: z.array(moduleKeySchema).min(1).max(MODULE_VIEW_BATCH_MAX),
});

export const moduleViewsQuerySchema = z.object({ rid: idSchema });

/** The answer: how many of the batch's modules were new for this diner today. */
export const moduleViewsAnswerSchema = z.object({ recorded: z.number() });
export type ModuleViewsAnswer = z.infer<typeof moduleViewsAnswerSchema>;

/**
 * What a tick of the tracker sees: the keys of the modules whose box overlaps the visible band
 * [top, bottom) of the scroller (a box of no height is not seen).
 */
export function modulesInView(
  boxes: readonly { key: string; top: number; bottom: number }[],
  band: { top: number; bottom: number },
): string[] {
  return boxes
    .filter((box) => box.bottom > box.top && box.bottom > band.top && box.top < band.bottom)
    .map((box) => box.key);
}
