import "server-only";
import { sql } from "drizzle-orm";

/** A literal SQL list of known constants for CHECK constraints: 'a', 'b'. Never for user input. */
export const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));
