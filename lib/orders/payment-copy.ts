import { formatKsh } from "@/lib/catalog/price";
import type { FulfilmentKind, PaymentMethod, PaymentStatus } from "@/lib/db/values";

// Every word the shop says about payments, for checkout, order pages, e-mails and the back office.

export const paymentMethodLabels: Record<PaymentMethod, string> = {
  mpesa: "M-Pesa",
  pay_on_delivery: "Pay on delivery",
  pesapal: "Card or Airtel Money",
};

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: "Pending",
  paid: "Paid",
  failed: "Failed",
  cancelled: "Cancelled",
};

/**
 * Paying when the order reaches the shopper (method pay_on_delivery): on delivery (to the rider, or
 * to a courier where the owner offers it: lib/couriers/county-rules.ts), or at the pickup point on
 * collection. `paid` is what staff's history records when it is paid.
 */
export const payOnArrival: Record<FulfilmentKind, { label: string; note: string; paid: string }> = {
  delivery: {
    label: paymentMethodLabels.pay_on_delivery,
    note: "Pay in cash or by M-Pesa when your order arrives. Nothing is charged now.",
    paid: "Paid on delivery.",
  },
  pickup: {
    label: "Pay at pickup",
    note: "Pay at the pickup point in cash or by M-Pesa when you collect your order. Nothing is charged now.",
    paid: "Paid at the pickup point on collection.",
  },
};

/** What the shop offers to pay with (Terms, home page): M-Pesa only when it is set up. */
export function paymentMethodsSummary(mpesaOffered: boolean): string {
  const onArrival =
    "pay in cash or by M-Pesa when your order arrives (where we offer pay on delivery), or at the pickup point when you collect it";
  return mpesaOffered
    ? `Pay by M-Pesa when you order, confirming with your PIN on your phone, or ${onArrival}.`
    : `Pay on delivery: ${onArrival}. Nothing is charged when you order.`;
}

/** How an order is paid, in one line (the confirmation e-mail). */
export function paymentLine(
  payment: { method: PaymentMethod; status: PaymentStatus; amount: number; receipt: string | null },
  fulfilment: FulfilmentKind,
): string {
  if (payment.method === "pay_on_delivery") return `${payOnArrival[fulfilment].label}. ${payOnArrival[fulfilment].note}`;
  const receipt = payment.receipt ? ` (receipt ${payment.receipt})` : "";
  const label = paymentMethodLabels[payment.method];
  return `${label}, ${payment.status === "paid" ? "paid" : "pending"} ${formatKsh(payment.amount)}${receipt}.`;
}

/** How an order paid before delivery is paid, after 'paid' or 'Thank you! KSh 1,200,' (bells, e-mails). */
export const paidAheadWords: Record<Exclude<PaymentMethod, "pay_on_delivery">, string> = {
  mpesa: "by M-Pesa",
  pesapal: "by card or Airtel Money",
};

/**
 * The history note of an unpaid order the shop cancelled: after its payment window (`windowMinutes`),
 * or sooner when the short hold of its unaccepted or failed payment request ended (null).
 */
export function unpaidCancelledNote(method: keyof typeof paidAheadWords, windowMinutes: number | null): string {
  return windowMinutes === null
    ? `Not paid ${paidAheadWords[method]}: its payment request was not accepted, or failed, and the order's short hold ended.`
    : `Not paid ${paidAheadWords[method]} within ${windowMinutes} minutes.`;
}

/** M-Pesa's PIN prompt at checkout (lib/payments/providers/mpesa-prompt.ts). */
export const mpesaPromptWords = {
  label: paymentMethodLabels.mpesa,
  note: "A PIN prompt comes to your phone as you place the order.",
} as const;

/** Paying an M-Pesa order by hand (lib/payments/providers/paybill.ts). */
export const paybillWords = {
  label: "M-Pesa Paybill or Till",
  note: "Pay the exact total to the shop's Paybill, with your order number as the account, or to its Till.",
} as const;

/**
 * How a sale was paid, as its receipt prints it: the method the order is paid by, and the M-Pesa
 * codes of the payments that paid it (a Paybill payment in two parts has two).
 */
export function receiptPayment(order: {
  fulfilment: FulfilmentKind;
  payment: { method: PaymentMethod };
  payments: readonly { status: PaymentStatus; receipt: string | null }[];
}): { method: string; codes: string[] } {
  const { method } = order.payment;
  return {
    method: method === "pay_on_delivery" ? payOnArrival[order.fulfilment].label : paymentMethodLabels[method],
    codes: order.payments.flatMap((payment) => (payment.status === "paid" && payment.receipt ? [payment.receipt] : [])),
  };
}

/** Paying on Pesapal's page (lib/payments/providers/pesapal.ts). */
export const pesapalWords = {
  label: paymentMethodLabels.pesapal,
  note: "Pay by Visa or Mastercard, Airtel Money or M-Pesa on Pesapal's secure page. You come back here once you have paid.",
} as const;

/** The words of Pesapal payments: what the order page says of them, and what staff read. */
export const pesapalMessages = {
  pending: "We are waiting for Pesapal to confirm your payment. A mobile payment can take a minute.",
  paid: (code: string) => `Pesapal confirmation ${code}`,
  declined: "Your card or Airtel Money payment was declined. Nothing was charged.",
  refused: "Pesapal did not accept the payment just now.",
  noAnswer: "Pesapal did not confirm the payment in time.",
  notPayable: "This order cannot take a new payment now.",
  tryAgain: "Try again with a card or Airtel Money",
  amountMismatch: (paid: number, expected: number) => `Pesapal reported KSh ${paid}, but the order asked for KSh ${expected}.`,
  codeReused: (code: string) => `Pesapal confirmation ${code} is already recorded on another payment.`,
  unreachable: "Pesapal could not be reached.",
  refundNotDue: "No refund is due here, or it was already requested or recorded.",
  refundNoPayment: "This order was not paid through Pesapal.",
  refundTooMuch: "A refund through Pesapal cannot be more than the payment.",
  refundMobileInFull: "Mobile money paid through Pesapal is refunded in full only: record this refund by M-Pesa or cash instead.",
  refundOnce: "This payment was refunded through Pesapal already: Pesapal takes one refund per payment.",
  refundRequested: "Refund requested",
  refundRequestedNote: (amount: number) =>
    `Refund of ${formatKsh(amount)} requested from Pesapal; it counts once Pesapal approves it.`,
  refundRefused: (why: string) => `Pesapal refused the refund (${why}). It is due again.`,
} as const;

const phoneExample = "0712 345 678 or +254 712 345 678";

/** Why an M-Pesa payment failed, in the shopper's words, by M-Pesa's result code. */
const mpesaFailures: Record<number, string> = {
  1032: "You cancelled the M-Pesa request.",
  2001: "The M-Pesa PIN was wrong.",
  1: "Your M-Pesa balance was too low.",
  1037: "We could not reach your phone.",
};

export const mpesaMessages = {
  checkPhone: (amount: string) => `Check your phone and enter your M-Pesa PIN to pay ${amount}.`,
  failed: (resultCode: number | null) =>
    (resultCode !== null && mpesaFailures[resultCode]) || "M-Pesa could not take the payment.",
  refused: "M-Pesa did not accept the request just now.",
  tooMany: (minutes: number) =>
    `Too many M-Pesa requests for this phone. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
  phoneHint: `Like ${phoneExample}.`,
  phoneInvalid: `Enter the M-Pesa phone number, like ${phoneExample}.`,
  receiptPending: "Receipt not yet received from M-Pesa.",
  noAnswer: "M-Pesa did not answer in time.",
  awaitingPayment: "This order is still awaiting M-Pesa payment.",
  amountMismatch: (paid: number, expected: number) => `M-Pesa reported KSh ${paid}, but the order asked for KSh ${expected}.`,
  receiptReused: (receipt: string) => `M-Pesa receipt ${receipt} is already recorded on another payment.`,
  countedOnce: (receipt: string) => `Paid: the same money as Paybill payment ${receipt}, counted once.`,
} as const;

/** Where a shopper pays by hand: the Paybill with the order number as its account, or the Till. */
export type ManualPayTo = { paybill: string } | { till: string };

/** The words of Paybill and Till payments (C2B): what shoppers are told to do, and what staff read. */
export const c2bMessages = {
  heading: (to: ManualPayTo) => ("till" in to ? "Pay with M-Pesa Buy Goods" : "Pay with M-Pesa Paybill"),
  /** The steps, one line each, for the pages, e-mails and texts that ask for payment. */
  steps: (to: ManualPayTo, number: string, amount: number) =>
    "till" in to
      ? [`Till number: ${to.till}`, `Amount: ${formatKsh(amount)}`]
      : [`Business number: ${to.paybill}`, `Account number: ${number}`, `Amount: ${formatKsh(amount)}`],
  partPaid: (paid: number, owed: number) =>
    `We have received ${formatKsh(paid)} by M-Pesa. ${formatKsh(owed)} is still owed: pay it the same way to complete your order.`,
  partPaidStaff: (paid: number, owed: number) =>
    `Part paid by Paybill or Till: ${formatKsh(paid)}; ${formatKsh(owed)} still owed before it counts as paid.`,
  partPaidNote: (amount: number, code: string, owed: number) =>
    `Part paid ${formatKsh(amount)} by M-Pesa, code ${code}; ${formatKsh(owed)} still owed.`,
  paidByC2b: "Paid to the shop's Paybill or Till.",
  closedOrderTitle: (number: string) => `M-Pesa payment for closed order ${number}`,
  closedOrderBody: (amount: string) => `${amount} arrived by Paybill or Till after the order closed. It is now 'Refund due'.`,
  /** A further payment to a closed order, added to the refund already due for it (one row for staff, not one each). */
  addedToRefund: (amount: string, code: string, due: string) =>
    `Another ${amount} arrived by M-Pesa after the order closed (code ${code}): the refund due is now ${due}.`,
  unmatchedTitle: "Unmatched M-Pesa payments",
  assigned: (number: string) => `Assigned to order ${number}.`,
  refunded: "Refund recorded.",
  unknownOrder: "There is no order with that number.",
  notUnmatched: "This payment is no longer unmatched.",
  unknownCode: "Enter the M-Pesa code from the statement (8 to 20 letters and digits).",
} as const;

/** The words of a staff check of an M-Pesa code (Transaction Status API), as the payments page shows them. */
export const codeCheckMessages = {
  title: "Add a payment by its M-Pesa code",
  intro: "For a payment on the statement that never arrived here. M-Pesa confirms it before it counts.",
  notSetUp: "Checking codes needs M-Pesa's API initiator: set MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL.",
  recordedAlready: (code: string) => `${code} is already recorded: it counts once.`,
  checking: (code: string) => `${code} is being checked with M-Pesa.`,
  asked: (code: string) => `Asked M-Pesa about ${code}. Its answer appears below in a few seconds.`,
  listTitle: "Codes checked lately",
  pending: "Waiting for M-Pesa…",
  notFound: (desc: string) => `Not counted: M-Pesa found no such payment (${desc}).`,
  notToShop: "Not counted: that payment was not made to this shop.",
  notCompleted: (status: string) => `Not counted: M-Pesa says the payment is ${status || "not completed"}.`,
  counted: (orderNumber: string | null) =>
    orderNumber ? `Counted for order ${orderNumber}.` : "Counted, for no order: assign it above.",
  countedBefore: "Recorded already (its confirmation arrived): counted once.",
  /** Who asked, for a confirmation that Daraja posted (staff checks name the staff member). */
  byConfirmation: "M-Pesa's confirmation",
} as const;
