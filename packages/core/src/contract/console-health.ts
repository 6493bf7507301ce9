import { z } from "zod";

/**
 * The installation's health as the console shows it to owners and managers (issue 26): /readyz's
 * failing checks, with the restaurant's own printers. `detail` is the server's words for the log; the
 * console says what is wrong and what to do in its own.
 */
export const HEALTH_CHECKS = ["store", "redis", "reconciliation", "backups", "disk", "printers"] as const;
export type HealthCheck = (typeof HEALTH_CHECKS)[number];

export const consoleHealthSchema = z.object({
  failing: z.array(z.object({ check: z.enum(HEALTH_CHECKS), detail: z.string() })),
});
export type ConsoleHealth = z.infer<typeof consoleHealthSchema>;
