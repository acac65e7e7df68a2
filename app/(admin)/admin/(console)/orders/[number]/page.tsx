import { notFound } from "next/navigation";
import { StaffOrderDetails } from "@/components/admin/orders/StaffOrderDetails";
import { backOfficeSections } from "@/lib/admin/sections";
import { getDb } from "@/lib/server/database";
import { staffOrderPath } from "@/lib/orders/staff-filters";
import { findOrderForStaff } from "@/lib/orders/staff-order";
import { findBuyerPinState } from "@/lib/invoices/buyer-pin";
import { invoicePathOf } from "@/lib/invoices/labels";
import { orderLinkPath } from "@/lib/orders/order-link";
import { requireRole } from "@/lib/server/session";
import { listCouriers } from "@/lib/couriers/couriers";
import { backOfficeMetadata } from "@/lib/server/back-office-metadata";

export const generateMetadata = backOfficeMetadata("Order");

type Props = { params: Promise<{ number: string }> };

/** One order for staff; an unknown or malformed number is 'Not Found'. */
export default async function StaffOrderPage({ params }: Props) {
  const { number } = await params;
  await requireRole(backOfficeSections.orders, staffOrderPath(number));
  const db = await getDb();
  const staffOrder = await findOrderForStaff(db, number);
  if (!staffOrder) notFound();
  const pin = await findBuyerPinState(db, staffOrder.order.id);
  // Staff open the invoice as the buyer does, through the order's signed link.
  const href = pin.invoiced ? invoicePathOf(orderLinkPath(staffOrder.order)) : null;
  const couriers = await listCouriers(db, { offered: true });
  return <StaffOrderDetails staffOrder={staffOrder} taxInvoice={{ ...pin, href }} couriers={couriers} />;
}
