import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "@/lib/db";
import { invoices } from "@/lib/db/schema";
import { withTestDb } from "@/lib/testing/db";
import { placeGuestOrder } from "@/lib/testing/fixtures";
import { issueSaleInvoice } from "./issue";
import { findEtimsSetupProblem, invoiceAlerts } from "./staff-list";

let db: Database;
withTestDb((opened) => (db = opened));

// The tests' settings have no eTIMS and no KRA PIN: the shop numbers its receipts and reports none.
describe("invoice warnings without eTIMS", () => {
  it("says sales are not reported, once there are invoices, instead of counting them", async () => {
    expect(await findEtimsSetupProblem(db)).toBe("not_configured");
    expect(await invoiceAlerts(db)).toEqual({ receiptsOnly: true, setupProblem: "not_configured", anyInvoices: false });
    const order = await placeGuestOrder(db);
    const id = await db.transaction((tx) => issueSaleInvoice(tx, { orderId: order.id, paidBy: "cash" }));
    await db
      .update(invoices)
      .set({ issuedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(invoices.id, id));
    expect(await invoiceAlerts(db)).toEqual({ receiptsOnly: true, setupProblem: "not_configured", anyInvoices: true });
  });
});
