import { describe, expect, it } from "vitest";
import { createUser } from "@/lib/testing/fixtures";
import { deliveryMessages } from "@/lib/checkout/delivery-details";
import type { Database } from "@/lib/db";
import { withTestDb } from "@/lib/testing/db";
import { findSavedDelivery, saveDelivery } from "./saved-delivery";

let db: Database;
withTestDb((opened) => (db = opened));

const delivery = {
  fullName: "Njeri Wambui",
  phone: "0712345678",
  email: "njeri@example.com",
  county: "Kiambu",
  town: "Thika",
  street: "Kenyatta Highway",
  notes: "",
};

describe(`saved delivery details (${process.env.DATABASE_URL ? "PostgreSQL server" : "embedded"})`, () => {
  it("saves, replaces and reads back a user's details", async () => {
    const userId = await createUser(db);
    expect(await findSavedDelivery(db, userId)).toBeNull();
    expect(await saveDelivery(db, userId, delivery)).toEqual({ ok: true });
    expect(await saveDelivery(db, userId, { ...delivery, town: "Ruiru" })).toEqual({ ok: true });
    expect(await findSavedDelivery(db, userId)).toEqual({ ...delivery, town: "Ruiru", phone: "+254712345678" });
    expect(await findSavedDelivery(db, await createUser(db))).toBeNull();
  });

  it("refuses invalid details and keeps the saved ones", async () => {
    const userId = await createUser(db);
    await saveDelivery(db, userId, delivery);
    expect(await saveDelivery(db, userId, { ...delivery, county: "Narnia" })).toEqual({
      ok: false,
      errors: { county: deliveryMessages.county },
    });
    expect((await findSavedDelivery(db, userId))?.county).toBe("Kiambu");
  });
});
