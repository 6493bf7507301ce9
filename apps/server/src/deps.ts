import type { Db } from "./db/client.js";
import type { payRefunds } from "./db/schema.js";
import type { Backplane } from "./realtime/hub.js";

/** What most features are built with: the database, the fan-out between processes, the clock. */
export interface BaseDeps {
  db: Db;
  backplane: Backplane;
  /** the clock sale periods and money are judged by; tests pin it */
  now: () => Date;
}

/**
 * Features whose transactions record refunds (a cancel, a comp) send them to their provider after
 * commit through payment's sendRefunds, which buildApp binds to the payment service.
 */
export interface RefundingDeps extends BaseDeps {
  sendRefunds: (refunds: ReadonlyArray<typeof payRefunds.$inferSelect>) => Promise<void>;
}
