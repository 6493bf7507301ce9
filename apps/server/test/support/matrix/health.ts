import { API } from "@tablemate/core";
import { eq } from "drizzle-orm";
import { printers } from "../../../src/db/schema.js";
import type { MatrixRow } from "./types.js";

/** The console's health banner (issue 26): owners and managers only (settings.write); a read. */
export const HEALTH_ROWS: MatrixRow[] = [
  {
    method: "GET",
    route: API.consoleHealth(":rid"),
    permission: "settings.write",
    request: async ({ rid }) => ({ url: API.consoleHealth(rid) }),
    snapshot: ({ db, rid }) => db.select().from(printers).where(eq(printers.restaurantId, rid)),
  },
];
