/** A pg Client or a PGlite: both answer plain SQL with rows. */
export type Queryable = { query: (text: string) => Promise<{ rows: unknown[] }> };

const counted = {
  orders: ["order", "orders"],
  user: ["account", "accounts"],
  products: ["product", "products"],
} as const;
type Counted = keyof typeof counted;

/**
 * What a restore would destroy, in words ("3 orders, 2 accounts, 14 products in 25 tables"),
 * or null when the database has no tables yet. Counts only the shop's tables that exist, so it
 * works on a database of any schema version.
 */
export async function describeContents(db: Queryable): Promise<string | null> {
  const { rows } = await db.query(`select tablename from pg_tables where schemaname in ('public', 'drizzle')`);
  const tables = (rows as { tablename: string }[]).map((row) => row.tablename);
  if (tables.length === 0) return null;
  const present = (Object.keys(counted) as Counted[]).filter((table) => tables.includes(table));
  if (present.length === 0) return `${tables.length} tables`;
  const columns = present.map((table) => `(select count(*) from public."${table}")::int as "${table}"`);
  const [row] = (await db.query(`select ${columns.join(", ")}`)).rows as Record<Counted, number>[];
  const counts = present.map((table) => `${row[table]} ${counted[table][row[table] === 1 ? 0 : 1]}`);
  return `${counts.join(", ")} in ${tables.length} tables`;
}

/** The error a restore gives instead of destroying data it was not told to destroy. */
export function refusal(database: string, contents: string, file: string): Error {
  return new Error(
    `${database} already holds data (${contents}). Restoring ${file} replaces all of it: ` +
      "run again with --force to destroy it.",
  );
}
