/**
 * The floor: the least a notification can cost the database, the bare transaction that records a paid
 * event once (BEGIN; INSERT … ON CONFLICT DO NOTHING; COMMIT) into a scratch table shaped like
 * pay_events (LIKE, with its unique (provider, event_id) index), through pg directly from a pool as
 * large as the server's, sent on the same plan at the same pace as the route (duplicates conflict).
 */
import pg from "pg";
import type { PaidTrade } from "./trades.js";

/** the server's PostgreSQL pool (apps/server/src/db/client.ts) */
export const SERVER_POOL = 10;

const INSERT = {
  name: "bench-pay-floor-insert",
  text:
    "insert into bench_pay_floor (intent_id, attempt_id, provider, event_id, kind, amount_cents, at) " +
    "values ($1, $1, 'sandbox', $2, 'paid', $3, now()) on conflict do nothing",
};

export interface Floor {
  /** one notification's bare transaction; answers "committed" */
  record(trade: PaidTrade, index: number): Promise<string>;
  close(): Promise<void>;
}

export async function openFloor(databaseUrl: string): Promise<Floor> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: SERVER_POOL });
  await pool.query(`
    drop table if exists bench_pay_floor;
    create table bench_pay_floor (like pay_events including all);
  `);
  return {
    async record(trade, index) {
      const client = await pool.connect();
      try {
        await client.query("begin");
        await client.query({ ...INSERT, values: [index + 1, `paid:${trade.tradeNo}`, trade.amountCents] });
        await client.query("commit");
        return "committed";
      } catch (error) {
        await client.query("rollback").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
