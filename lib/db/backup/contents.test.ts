import { describe, expect, it } from "vitest";
import { describeContents, type Queryable } from "./contents";

/** A database whose tables are `tables` and whose counts answer `counts`. */
const fakeDb = (tables: string[], counts: Record<string, number>): Queryable => ({
  query: async (text) => ({
    rows: text.includes("pg_tables") ? tables.map((tablename) => ({ tablename })) : [counts],
  }),
});

describe("describeContents", () => {
  it("counts in the singular for one and in the plural otherwise (issue 55: '1 accounts')", async () => {
    const db = fakeDb(["orders", "user", "products"], { orders: 0, user: 1, products: 2 });
    expect(await describeContents(db)).toBe("0 orders, 1 account, 2 products in 3 tables");
  });
});
