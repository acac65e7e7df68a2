import { notFound } from "next/navigation";
import { StaffOrderDetails } from "@/components/admin/orders/StaffOrderDetails";
import { backOfficeSections } from "@/lib/admin/sections";
import { getDb } from "@/lib/server/database";
import { staffOrderPath } from "@/lib/orders/staff-filters";
import { findOrderForStaff } from "@/lib/orders/staff-order";
import { requireRole } from "@/lib/server/session";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";

export const generateMetadata = backOfficeMetadata("Order");

type Props = { params: Promise<{ number: string }> };

/** One order for staff; an unknown or malformed number is 'Not Found'. */
export default async function StaffOrderPage({ params }: Props) {
  const { number } = await params;
  await requireRole(backOfficeSections.orders, staffOrderPath(number));
  const staffOrder = await findOrderForStaff(await getDb(), number);
  if (!staffOrder) notFound();
  return <StaffOrderDetails staffOrder={staffOrder} />;
}
