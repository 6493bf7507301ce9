import pg from "pg";

const LOCKABLE = ["pay_intents", "orders", "visits", "pay_attempts"] as const;

/**
 * Rows held locked by a connection of the test's own (PostgreSQL only), to put concurrent requests
 * in a chosen order: each request that needs one waits for it, in the order it asked; `waiters`
 * resolves once that many connections of the database are waiting on a lock, `release` lets them go.
 */
export class RowLock {
  private constructor(private readonly client: pg.Client) {}

  static async take(url: string, table: (typeof LOCKABLE)[number], ids: readonly number[]): Promise<RowLock> {
    if (!LOCKABLE.includes(table)) throw new Error(`not a lockable table: ${table}`);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("begin");
    await client.query(`select 1 from ${table} where id = any($1::int[]) for update`, [[...ids]]);
    return new RowLock(client);
  }

  /** Resolves once `count` other connections of this database wait on a lock (or throws after 10 s). */
  async waiters(count: number): Promise<void> {
    const until = Date.now() + 10_000;
    for (;;) {
      // the statistics are read once per transaction unless cleared: this connection holds one open
      await this.client.query("select pg_stat_clear_snapshot()");
      const { rows } = await this.client.query<{ n: string }>(
        `select count(*) as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and state = 'active'
           and pid <> pg_backend_pid()`,
      );
      if (Number(rows[0]?.n ?? 0) >= count) return;
      if (Date.now() > until) throw new Error(`${count} waiters never came (${rows[0]?.n})`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async activity() {
    await this.client.query("select pg_stat_clear_snapshot()");
    return (
      await this.client.query(
        "select left(query, 80) as q, state, wait_event from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'",
      )
    ).rows;
  }
  async release(): Promise<void> {
    await this.client.query("commit");
    await this.client.end();
  }
}
