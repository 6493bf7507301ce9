/**
 * The floor: the least a spend can cost the database, a bare conditional update of one balance
 * (`update … set balance = balance - x where … balance >= x`, autocommitted, one round trip) on a
 * scratch table with one row per card, through pg directly from a pool as large as the server's. No
 * ledger, no principal and gift, no holds, no event key: what it does not do is what the ledger costs.
 */
import pg from "pg";

/** the server's PostgreSQL pool (apps/server/src/db/client.ts) */
export const SERVER_POOL = 10;

const SPEND = {
  name: "bench-member-floor-spend",
  text: "update bench_member_floor set balance = balance - $2 where card_id = $1 and balance >= $2 returning balance",
};

export interface Floor {
  /** sets the cards' balances (cents) for a round */
  reset(balances: ReadonlyMap<number, number>): Promise<void>;
  /** one spend: whether it took the money */
  spend(cardId: number, cents: number): Promise<boolean>;
  balances(): Promise<Map<number, number>>;
  close(): Promise<void>;
}

export async function openFloor(databaseUrl: string): Promise<Floor> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: SERVER_POOL });
  await pool.query(`
    drop table if exists bench_member_floor;
    create table bench_member_floor (card_id integer primary key, balance integer not null check (balance >= 0));
  `);
  return {
    async reset(balances) {
      await pool.query("truncate bench_member_floor");
      await pool.query(
        "insert into bench_member_floor (card_id, balance) select * from unnest($1::int[], $2::int[])",
        [[...balances.keys()], [...balances.values()]],
      );
      await pool.query("vacuum analyze bench_member_floor");
    },
    async spend(cardId, cents) {
      return ((await pool.query({ ...SPEND, values: [cardId, cents] })).rowCount ?? 0) === 1;
    },
    async balances() {
      const { rows } = await pool.query<{ card_id: number; balance: number }>(
        "select card_id, balance from bench_member_floor",
      );
      return new Map(rows.map((r) => [r.card_id, r.balance]));
    },
    close: () => pool.end(),
  };
}
