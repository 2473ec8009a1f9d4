// What the backup records about the database and compares after a restore: the server's version
// and the row count of every table.
import pg from "pg";

/** A connected client (the caller ends it). */
export async function connect(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (e) {
    throw new Error(`Cannot connect to the database: ${e.message}`);
  }
  return client;
}

export async function serverVersion(client) {
  const { rows } = await client.query("SELECT current_setting('server_version') AS text, current_setting('server_version_num')::int AS num");
  return { text: rows[0].text.split(" ")[0], major: Math.floor(rows[0].num / 10000) };
}

/**
 * Rows per table (`schema.table`) of every schema but the system's, exact (count(*)), in the
 * client's current transaction. Partitions are counted in their parent table only.
 */
export async function rowCounts(client) {
  const { rows: tables } = await client.query(`
    SELECT n.nspname AS schema, c.relname AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
    ORDER BY 1, 2`);
  const counts = {};
  for (const t of tables) {
    const { rows } = await client.query(`SELECT count(*)::bigint AS n FROM ${client.escapeIdentifier(t.schema)}.${client.escapeIdentifier(t.name)}`);
    counts[`${t.schema}.${t.name}`] = Number(rows[0].n);
  }
  return counts;
}

/** Tables holding rows other than migration bookkeeping: what a restore would overwrite. */
export function tablesWithData(counts) {
  return Object.entries(counts).filter(([table, n]) => n > 0 && table !== "public._prisma_migrations");
}

/** Differences between the row counts a backup recorded and the database's. */
export function compareCounts(expected, actual) {
  const mismatched = [];
  const missing = [];
  for (const [table, n] of Object.entries(expected)) {
    if (!(table in actual)) missing.push(table);
    else if (actual[table] !== n) mismatched.push({ table, expected: n, actual: actual[table] });
  }
  const extra = Object.keys(actual).filter((table) => !(table in expected));
  return { mismatched, missing, extra };
}
