import {
  API,
  posSwitchSchema,
  type StockChange,
  stockAdditionSchema,
  stockDishSchema,
  stockOverviewSchema,
} from "@tablemate/core";
import { call } from "./http.js";

/** The stock calls (contract/console-stock.ts). */

export const readStock = (rid: number) => call(API.consoleStock(rid), stockOverviewSchema);

export const changeDishStock = (rid: number, dishId: number, change: StockChange) =>
  call(API.consoleDishStock(rid, dishId), stockDishSchema, { method: "PUT", body: change });

export const changeAdditionStock = (rid: number, additionId: number, change: StockChange) =>
  call(API.consoleAdditionStock(rid, additionId), stockAdditionSchema, { method: "PUT", body: change });

export const setPos = (rid: number, online: boolean) =>
  call(API.consolePos(rid), posSwitchSchema, { method: "PUT", body: { online } });
