import { z } from "zod";
import { guidSchema, idSchema } from "./common.js";
import { allergenCodesSchema } from "./menu.js";

/** GET table-allergens: the diner's table (the credential's visitor must be seated at it). */
export const tableAllergensQuerySchema = z.object({ rid: idSchema, tableId: idSchema });

/** POST table-allergens: what this diner avoids, shared with the table ([] stops sharing). */
export const shareAllergensBodySchema = z.object({
  guid: guidSchema,
  tableId: idSchema,
  avoid: allergenCodesSchema,
});

/** What the table's diners share: the union of their lists (nobody's own list is shown to others). */
export const tableAllergensSchema = z.object({ avoid: allergenCodesSchema, sharers: z.number() });
export type TableAllergens = z.infer<typeof tableAllergensSchema>;
