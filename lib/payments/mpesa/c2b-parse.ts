import { createHash } from "node:crypto";
import { z } from "zod";
import { isOrderNumber } from "@/lib/orders/order-number";
import type { C2bKind } from "@/lib/db/values";

// Daraja's C2B (v2) notifications, parsed strictly once at the edge, and the rules that match their
// account and phone to an order. Framework-free.

/** One Paybill or Till payment as Daraja describes it, to the validation and the confirmation URL alike. */
export type C2bNotice = {
  transId: string;
  kind: C2bKind;
  /** Whole shillings. */
  amount: number;
  /** The account typed for a Paybill, as typed; '' for a Till. */
  account: string;
  /** Whole, masked ('2547 ***** 678') or hashed: C2B v2 hides the number in some set-ups. */
  msisdn: string;
  payerName: string;
};

const text = (max: number) => z.string().max(max).optional().default("");
const noticeBody = z.object({
  TransactionType: text(40),
  TransID: z.string().regex(/^[A-Z0-9]{8,20}$/),
  TransAmount: z.union([z.string(), z.number()]),
  BusinessShortCode: z.string().max(20),
  BillRefNumber: text(40),
  MSISDN: text(128),
  FirstName: text(100),
  MiddleName: text(100),
  LastName: text(100),
});

/**
 * A notification's body, with the shortcode it was paid to (the shop's Paybill or Till, checked by the
 * routes), or null when it is not one Daraja would send (it then changes nothing).
 */
export function parseC2bNotice(body: unknown): (C2bNotice & { shortcode: string }) | null {
  const parsed = noticeBody.safeParse(body);
  if (!parsed.success) return null;
  const notice = parsed.data;
  const amount = wholeShillings(notice.TransAmount);
  if (amount === null) return null;
  const kind: C2bKind = /goods|till/i.test(notice.TransactionType) ? "till" : "paybill";
  return {
    transId: notice.TransID,
    kind,
    amount,
    account: kind === "paybill" ? notice.BillRefNumber.trim() : "",
    msisdn: notice.MSISDN.trim(),
    payerName: [notice.FirstName, notice.MiddleName, notice.LastName].filter(Boolean).join(" ").trim(),
    shortcode: notice.BusinessShortCode.trim(),
  };
}

/** '1000', '1000.00' or 1000 as whole shillings; anything else (cents, zero, negative) is null. */
export function wholeShillings(value: string | number): number | null {
  const match = /^(\d{1,9})(?:\.0{1,2})?$/.exec(String(value).trim());
  const amount = match ? Number(match[1]) : 0;
  return amount > 0 ? amount : null;
}

/** An M-Pesa code as staff type it from a statement: spaces around it and lower case forgiven. */
export const typedMpesaCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{8,20}$/);

/**
 * The order number a Paybill account names, compared without regard to case, spaces, dashes or the
 * 'KT-' prefix ('kt 7f3k9qm' and '7F3K9QM' both name KT-7F3K9QM); null when it names none.
 */
export function orderNumberOfAccount(account: string): string | null {
  const compact = account.toUpperCase().replace(/[\s-]/g, "");
  const number = `KT-${compact.length === 9 && compact.startsWith("KT") ? compact.slice(2) : compact}`;
  return isOrderNumber(number) ? number : null;
}

/**
 * Whether Daraja's MSISDN is certainly this phone (2547XXXXXXXX): the whole number, or its SHA-256
 * hash (hex). Only such a number may pick an open order for a Till payment.
 */
export function msisdnIs(msisdn: string, phone: string): boolean {
  const value = msisdn.replace(/\s/g, "");
  if (/^[0-9a-f]{64}$/i.test(value)) return createHash("sha256").update(phone).digest("hex") === value.toLowerCase();
  return /^\d{12}$/.test(value) && value === phone;
}

/**
 * Whether Daraja's MSISDN may be this phone: `msisdnIs`, or a masked form whose visible digits fit
 * ('2547 ***** 678', '254712***678'). A masked form shows too little to be sure: it only ties a
 * payment to a prompt already paid from that phone, never to an open order.
 */
export function msisdnFits(msisdn: string, phone: string): boolean {
  if (msisdnIs(msisdn, phone)) return true;
  const masked = /^(\d+)\*+(\d+)$/.exec(msisdn.replace(/\s/g, ""));
  if (!masked) return false;
  const [, head, tail] = masked;
  return head.length >= 4 && tail.length >= 3 && phone.startsWith(head) && phone.endsWith(tail);
}
