import { z } from "zod";
import { idSchema } from "./common.js";

/** Table types a restaurant sets (spec 000 §3 tableType): 1 a table, 6 a counter seat (quick-service). */
export const TABLE_TYPES = [1, 6] as const;

const tableNameSchema = z.string().trim().min(1, "请填写桌台名称").max(20, "桌台名称最多20个字");
const tableTypeSchema = z.union([z.literal(1), z.literal(6)]);

export const createTableSchema = z.object({ name: tableNameSchema, tableType: tableTypeSchema.default(1) });
export const updateTableSchema = z
  .object({ name: tableNameSchema.optional(), tableType: tableTypeSchema.optional() })
  .refine((b) => b.name !== undefined || b.tableType !== undefined, "没有要修改的内容");
export const tableParamsSchema = z.object({ rid: idSchema, tableId: idSchema });

/** The QR sheet's tables: `ids=1,2,3` (none: every table). */
export const qrSheetQuerySchema = z.object({
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,199}$/, "桌台编号有误")
    .transform((s) => [...new Set(s.split(",").map(Number))])
    .optional(),
});

export const consoleTableSchema = z.object({
  id: z.number(),
  name: z.string(),
  tableType: z.number(),
  /** a party is at it now (an open visit): it cannot be deleted */
  busy: z.boolean(),
  /** the signed link its QR code carries */
  link: z.string(),
});
export type ConsoleTable = z.infer<typeof consoleTableSchema>;

/** GET …/tables: the restaurant's tables. */
export const consoleTableListSchema = z.array(consoleTableSchema);
/** DELETE …/tables/:tableId: the table removed (soft: its orders keep it). */
export const tableDeletedSchema = z.object({ tableId: z.number() });
