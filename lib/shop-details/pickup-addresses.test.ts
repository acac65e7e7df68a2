import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Connection } from "@/lib/db";
import { pickupPoints } from "@/lib/db/schema";
import { defaultShopDetails } from "@/lib/site";
import { withTestConnection } from "@/lib/testing/db";
import { pickupAddressOf } from "./contact";
import { saveShopDetails } from "./details";
import { listPickupPointAddresses, movePickupPointToShop } from "./pickup-addresses";

// Issue 55: after the studio moved, its pickup point kept the old street. Shop details lists which
// points are at the shop's address and moves one there.

let connection: Connection;
withTestConnection((opened) => (connection = opened));

const admin = { id: null, label: "admin@kijanithreads.test" };
const moved = { ...defaultShopDetails, street: "Moi Avenue, Bazaar Plaza, 2nd Floor" };

describe("pickup points at the shop's address", () => {
  it("the seeded studio is at the shop's address until the shop moves, then at its own until moved too", async () => {
    const { db } = connection;
    const [studio] = await listPickupPointAddresses(db);
    expect(studio).toMatchObject({ name: "Kijani Threads studio", address: pickupAddressOf(defaultShopDetails), atShop: true });

    await saveShopDetails(db, moved, admin);
    expect((await listPickupPointAddresses(db))[0]).toMatchObject({ id: studio.id, atShop: false });

    expect(await movePickupPointToShop(db, studio.id, admin)).toBe(true);
    expect((await listPickupPointAddresses(db))[0]).toMatchObject({ address: pickupAddressOf(moved), atShop: true });
    const [row] = await db.select().from(pickupPoints).where(eq(pickupPoints.id, studio.id));
    expect(row.updatedBy).toBe(admin.label);
    expect(await movePickupPointToShop(db, 999_999, admin)).toBe(false);
  });
});
