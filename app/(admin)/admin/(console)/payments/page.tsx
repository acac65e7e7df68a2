import { UnmatchedPayments } from "@/components/admin/payments/UnmatchedPayments";
import { backOfficeSections } from "@/lib/admin/sections";
import { listUnmatchedC2b } from "@/lib/payments/mpesa/c2b";
import { listCodeChecks } from "@/lib/payments/mpesa/code-check";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";
import { getDb } from "@/lib/server/database";
import { requireRole } from "@/lib/server/session";

export const generateMetadata = backOfficeMetadata(backOfficeSections.unmatchedPayments.label);

/** Paybill/Till payments that named no order, for staff to assign or refund; and lost ones, checked by code. */
export default async function UnmatchedPaymentsPage() {
  await requireRole(backOfficeSections.unmatchedPayments);
  const db = await getDb();
  return <UnmatchedPayments payments={await listUnmatchedC2b(db)} checks={await listCodeChecks(db)} />;
}
