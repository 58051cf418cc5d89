import type pg from "pg";

/**
 * Runs `use` in one transaction on a client of the pool (begun with `begin`, e.g. an isolation
 * level): committed when it returns, rolled back when it throws, the client released in any case.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  use: (client: pg.PoolClient) => Promise<T>,
  begin = "begin",
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(begin);
    const result = await use(client);
    await client.query("commit");
    return result;
  } catch (err) {
    await client.query("rollback").catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
