import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { withTestDb } from "@/lib/testing/db";
import { COUNTIES } from "./counties";
import { zoneMessages, zoneRateErrors, zoneRateSchema } from "./delivery-zone-rules";
import { listDeliveryRates, listDeliveryZones, requireDeliveryRate, setDeliveryRates } from "./delivery-zones";

let db: Database;
withTestDb((opened) => (db = opened));

const admin = { id: null, label: "admin@example.com" };

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
    expect((await listDeliveryZones(db)).every((zone) => zone.updatedBy === null)).toBe(true);
  });

  it("gives a group of counties one rate, recording who set it, and leaves the others alone", async () => {
    const rate = { fee: 600, minDays: 3, maxDays: 7 };
    expect(await setDeliveryRates(db, { counties: ["Turkana", "Wajir"], rate }, admin)).toBe(2);
    const zones = new Map((await listDeliveryZones(db)).map((zone) => [zone.county, zone]));
    for (const county of ["Turkana", "Wajir"] as const)
      expect(zones.get(county)).toMatchObject({ ...rate, updatedBy: admin.label });
    expect(zones.get("Mandera")).toMatchObject({ fee: 450, minDays: 2, maxDays: 5, updatedBy: null });
  });
});

describe("the delivery-rate form's rules", () => {
  const valid = { counties: ["Lamu", "Kwale"], fee: "350", minDays: "2", maxDays: "4" };

  it("accepts one county or several, as whole numbers", () => {
    expect(zoneRateSchema.parse(valid)).toEqual({ counties: ["Lamu", "Kwale"], rate: { fee: 350, minDays: 2, maxDays: 4 } });
    expect(zoneRateSchema.parse({ ...valid, counties: "Lamu", fee: "0", minDays: "1", maxDays: "1" })).toEqual({
      counties: ["Lamu"],
      rate: { fee: 0, minDays: 1, maxDays: 1 },
    });
  });

  it.each([
    [{ counties: [] }, "counties"],
    [{ counties: undefined }, "counties"],
    [{ counties: ["Lamu", "Atlantis"] }, "counties"],
    [{ fee: "" }, "fee"],
    [{ fee: "-5" }, "fee"],
    [{ fee: "12.50" }, "fee"],
    [{ fee: "50001" }, "fee"],
    [{ minDays: "x" }, "minDays"],
    [{ maxDays: "61" }, "maxDays"],
    [{ minDays: "5", maxDays: "3" }, "maxDays"],
  ] as const)("refuses %o with the field's message", (change, field) => {
    expect(zoneRateErrors({ ...valid, ...change })).toEqual({ [field]: zoneMessages[field] });
  });
});
