import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { withTestDb } from "@/lib/testing/db";
import { COUNTIES } from "./counties";
import { listDeliveryRates, requireDeliveryRate } from "./delivery-zones";

let db: Database;
withTestDb((opened) => (db = opened));

describe(`delivery zones (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("are seeded for every county at the rates the shop charged before: Nairobi City KSh 200 in 1–2 days, elsewhere KSh 450 in 2–5", async () => {
    const rates = await listDeliveryRates(db);
    expect(Object.keys(rates).sort()).toEqual([...COUNTIES].sort());
    for (const county of COUNTIES) {
      expect(rates[county], county).toEqual(
        county === "Nairobi City" ? { fee: 200, minDays: 1, maxDays: 2 } : { fee: 450, minDays: 2, maxDays: 5 },
      );
    }
    expect(await requireDeliveryRate(db, "Murang'a")).toEqual({ fee: 450, minDays: 2, maxDays: 5 });
  });
});
