import { z } from "zod";
import { flagSchema, guidSchema, idSchema } from "./common.js";

export const tableInfoSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** 6: a counter seat whose orders go straight to the order page in quick-service */
  tableType: z.number(),
});

export type TableInfo = z.infer<typeof tableInfoSchema>;

/** GET /table/selectDesk's answer: the restaurant's tables and how many. */
export const selectDeskSchema = z.object({ tableList: z.array(tableInfoSchema), count: z.number() });

/** GET /cloud/api/v1/tables's answer (code 200; the envelope also carries `count`). */
export const tableListSchema = z.array(tableInfoSchema);

export const accessTypeSchema = z.enum(["realTable", "virTable"]);

export const tableUserSchema = z.object({
  userId: z.string(),
  name: z.string(),
  url: z.string(),
  order: z.number(),
  count: z.number(),
  joinTime: z.string(),
  wxName: z.string(),
  wxUrl: z.string(),
});

export type TableUser = z.infer<typeof tableUserSchema>;

export const tableJoinResultSchema = z.object({
  tableId: z.number(),
  tableName: z.string(),
  tableType: z.number(),
  accessType: accessTypeSchema,
  personNum: z.number(),
  users: z.array(tableUserSchema),
});

export type TableJoinResult = z.infer<typeof tableJoinResultSchema>;

export const tableJoinBodySchema = z.object({
  accessType: accessTypeSchema,
  guid: guidSchema,
  restaurantId: idSchema,
  tableId: idSchema,
  realTableId: idSchema.optional(),
  virTableId: idSchema.optional(),
  sid: z.string().min(1, "缺少桌台码").max(200),
  seid: z.string().max(200).optional(),
  isFastFood: flagSchema.optional(),
});

export const setPersonNumBodySchema = z.object({
  guid: guidSchema,
  tableId: idSchema,
  personNum: z.coerce.number().int().min(1).max(99),
  rid: idSchema,
});

/** The diner count's answer (code 200; the envelope also carries `status: 0`). */
export const setPersonNumResultSchema = z.object({ personNum: z.number() });

export const cartIdQuerySchema = z.object({
  rid: idSchema,
  tableId: idSchema,
  guid: guidSchema,
  sid: z.string().min(1).max(200),
});

export const cartIdSchema = z.object({ value: z.number(), sign: z.string() });

export type CartId = z.infer<typeof cartIdSchema>;

export const cartJoinBodySchema = z.object({
  restaurantId: idSchema,
  cookieGuid: guidSchema,
  tableId: idSchema,
  nickName: z.string().max(40).optional(),
  headIcon: z.string().max(500).optional(),
  fastFood: flagSchema.optional(),
  cartId: idSchema,
  cartIdSign: z.string().min(1).max(200),
});

export const cartJoinResultSchema = z.object({ virTableId: z.number(), cartId: z.number() });

export type CartJoinResult = z.infer<typeof cartJoinResultSchema>;
