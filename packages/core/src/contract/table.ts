import { z } from "zod";
import { flagSchema, guidSchema, idSchema } from "./common.js";

export interface TableInfo {
  id: number;
  name: string;
  /** 6: a counter seat whose orders go straight to the order page in quick-service */
  tableType: number;
}

export interface TableUser {
  userId: string;
  name: string;
  url: string;
  order: number;
  count: number;
  joinTime: string;
  wxName: string;
  wxUrl: string;
}

export interface TableJoinResult {
  tableId: number;
  tableName: string;
  tableType: number;
  accessType: "realTable" | "virTable";
  personNum: number;
  users: TableUser[];
}

export const tableJoinBodySchema = z.object({
  accessType: z.enum(["realTable", "virTable"]),
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

export const cartIdQuerySchema = z.object({
  rid: idSchema,
  tableId: idSchema,
  guid: guidSchema,
  sid: z.string().min(1).max(200),
});

export interface CartId {
  value: number;
  sign: string;
}

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

export interface CartJoinResult {
  virTableId: number;
  cartId: number;
}
