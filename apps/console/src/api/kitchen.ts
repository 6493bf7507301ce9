import {
  API,
  type BumpBody,
  billSchema,
  bumpAnswerSchema,
  recallAnswerSchema,
  type StationBody,
  stationCategoryListSchema,
  stationDeletedSchema,
  stationDisplaySchema,
  stationListSchema,
  stationSchema,
  ticketPrintSchema,
} from "@tablemate/core";
import { call } from "./http.js";

/** The kitchen's console calls (core's contract/console-kitchen.ts). */

export const listStations = (rid: number) => call(API.consoleStations(rid), stationListSchema);

export const stationCategories = (rid: number) =>
  call(API.consoleStationCategories(rid), stationCategoryListSchema);

export const createStation = (rid: number, body: StationBody) =>
  call(API.consoleStations(rid), stationSchema, { method: "POST", body });

export const updateStation = (rid: number, sid: number, body: StationBody) =>
  call(API.consoleStation(rid, sid), stationSchema, { method: "PUT", body });

export const deleteStation = (rid: number, sid: number) =>
  call(API.consoleStation(rid, sid), stationDeletedSchema, { method: "DELETE" });

export const stationDisplay = (rid: number, sid: number) =>
  call(API.consoleStationDisplay(rid, sid), stationDisplaySchema);

export const bumpTicket = (rid: number, tid: number, body: BumpBody) =>
  call(API.consoleTicketBump(rid, tid), bumpAnswerSchema, { method: "POST", body });

export const recallBump = (rid: number, sid: number, bumpId: number) =>
  call(API.consoleStationRecall(rid, sid), recallAnswerSchema, { method: "POST", body: { bumpId } });

/** The ticket as first printed (reads only). */
export const ticketToPrint = (rid: number, tid: number) =>
  call(API.consoleTicket(rid, tid), ticketPrintSchema);

/** A labelled reprint (重印): recorded, never a new ticket. */
export const reprintTicket = (rid: number, tid: number) =>
  call(API.consoleTicketReprint(rid, tid), ticketPrintSchema, { method: "POST" });

export const billOf = (rid: number, oid: number) => call(API.consoleOrderBill(rid, oid), billSchema);
