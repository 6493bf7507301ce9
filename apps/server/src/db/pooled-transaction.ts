import type pg from "pg";

/**
 * Runs `work` in one transaction on one connection of a PostgreSQL pool: committed when `work`
 * resolves, rolled back when it throws. A connection that could not even roll back is closed rather
 * than given to the next caller.
 */
export async function pooledTransaction<T>(
  pool: pg.Pool,
  begin: string,
  work: (connection: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const connection = await pool.connect();
  let broken: Error | undefined;
  try {
    await connection.query(begin);
    const result = await work(connection);
    await connection.query("commit");
    return result;
  } catch (error) {
    await connection.query("rollback").catch((failed: Error) => {
      broken = failed;
    });
    throw error;
  } finally {
    connection.release(broken);
  }
}
