import { describe, expect, it } from "vitest";
import { withTestDb } from "@/lib/testing/db";
import { connect, type Database } from "./client";
import { isDatabaseReachable } from "./health";

let db: Database;
withTestDb((opened) => (db = opened));

describe("isDatabaseReachable", () => {
  it("is true for a database that answers", async () => {
    expect(await isDatabaseReachable(db, 2000)).toBe(true);
  });

  it("is false at once for a server that refuses connections", async () => {
    const closedPort = await connect({ url: "postgres://postgres:postgres@127.0.0.1:1/shop" });
    try {
      const started = Date.now();
      expect(await isDatabaseReachable(closedPort.db, 2000)).toBe(false);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await closedPort.close();
    }
  });

  it("is false after the timeout for a database that never answers", async () => {
    const started = Date.now();
    expect(await isDatabaseReachable(new Promise<Database>(() => {}), 200)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
