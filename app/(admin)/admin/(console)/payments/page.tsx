import { UnmatchedPayments } from "@/components/admin/payments/UnmatchedPayments";
import { backOfficeSections } from "@/lib/admin/sections";
import { listUnmatchedC2b } from "@/lib/payments/mpesa/c2b";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { getDb } from "@/lib/server/database";
import { requireRole } from "@/lib/server/session";

export const generateMetadata = backOfficeMetadata(backOfficeSections.unmatchedPayments.label);

/** Paybill/Till payments that named no order, for staff to assign or refund. */
export default async function UnmatchedPaymentsPage() {
  await requireRole(backOfficeSections.unmatchedPayments);
  return <UnmatchedPayments payments={await listUnmatchedC2b(await getDb())} />;
}
