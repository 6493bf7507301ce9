import { API, type ConsoleHealth, consoleHealthSchema } from "@tablemate/core";
import { call } from "./http.js";

/** The installation's failing health checks, with the restaurant's printers (owners and managers). */
export function fetchHealth(restaurantId: number): Promise<ConsoleHealth> {
  return call(API.consoleHealth(restaurantId), consoleHealthSchema);
}
