import "server-only";
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sqlList } from "../sql-list";
import { user } from "./auth";
import { products, variants } from "./catalog";
import { campaigns } from "./marketing";
import {
  orderStatuses,
  paymentMethods,
  paymentStatuses,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  fulfilmentKinds,
  type FulfilmentKind,
  c2bKinds,
  c2bStatuses,
  type C2bKind,
  type C2bStatus,
  codeCheckStates,
  type CodeCheckState,
  carriers,
  type Carrier,
} from "../values";

// Where an order goes, kept on the order and in a shopper's saved details alike.
const deliveryColumns = {
  fullName: text("full_name").notNull(),
  phone: text("phone").notNull(),
  email: text("email").notNull(),
  county: text("county").notNull(),
  town: text("town").notNull(),
  street: text("street").notNull(),
  notes: text("notes").notNull().default(""),
};

/**
 * An order with a snapshot of what was bought and where it goes. Amounts are whole KSh.
 * A guest's order keeps the hash of their cart cookie's token: only that browser (or the
 * signed-in owner) may read it back.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull().unique(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    guestTokenHash: text("guest_token_hash"),
    status: text("status").$type<OrderStatus>().notNull().default("placed"),
    ...deliveryColumns,
    /**
     * Delivered, or collected at a pickup point: then the point's name, address and hours are copied
     * here (a later edit of the point leaves the order alone) and county, town and street are ''.
     */
    fulfilment: text("fulfilment").$type<FulfilmentKind>().notNull().default("delivery"),
    pickupName: text("pickup_name"),
    pickupAddress: text("pickup_address"),
    pickupHours: text("pickup_hours"),
    /** Who carries a delivered order, copied from its county when placed (lib/couriers); orders before couriers had the rider. */
    carrier: text("carrier").$type<Carrier>().notNull().default("rider"),
    /** The town or courier office where the shopper said they will collect it ('' when they named none). */
    collectAt: text("collect_at").notNull().default(""),
    subtotal: integer("subtotal").notNull(),
    /** The discount code's amount off the subtotal (lib/discounts), 0 without one. */
    discount: integer("discount").notNull().default(0),
    /** The discount code as the shopper used it, upper-case, and its id (lib/db/schema/discounts.ts). */
    discountCode: text("discount_code"),
    // No foreign key (discount_redemptions references orders): codes are disabled, never deleted.
    discountCodeId: integer("discount_code_id"),
    deliveryFee: integer("delivery_fee").notNull(),
    total: integer("total").notNull(),
    deliveryEarliest: date("delivery_earliest").notNull(),
    deliveryLatest: date("delivery_latest").notNull(),
    /** The campaign link the buyer last came through, within its attribution window (lib/marketing/attribution.ts). */
    campaignId: integer("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    /** The buyer's KRA PIN, printed on their tax invoice; staff may add it until the invoice is reported. */
    buyerPin: text("buyer_pin"),
    /** Whether the buyer wants texts about this order (the checkout's box; lib/sms). */
    smsUpdates: boolean("sms_updates").notNull().default(true),
    /** When the buyer ticked 'Send my order updates on WhatsApp', and its words then (lib/whatsapp/choice.ts); null: not chosen. */
    whatsappChosenAt: timestamp("whatsapp_chosen_at", { withTimezone: true }),
    whatsappChoiceWording: text("whatsapp_choice_wording"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_user_id_idx").on(t.userId, t.createdAt),
    // The back office lists orders newest first, all of them or one status at a time.
    index("orders_created_at_idx").on(t.createdAt, t.id),
    index("orders_status_created_at_idx").on(t.status, t.createdAt, t.id),
    index("orders_discount_code_id_idx")
      .on(t.discountCodeId)
      .where(sql`${t.discountCodeId} is not null`),
    index("orders_campaign_id_idx")
      .on(t.campaignId, t.createdAt)
      .where(sql`${t.campaignId} is not null`),
    check("orders_status_known", sql`${t.status} in (${sqlList(orderStatuses)})`),
    check("orders_fulfilment_known", sql`${t.fulfilment} in (${sqlList(fulfilmentKinds)})`),
    check("orders_carrier_known", sql`${t.carrier} in (${sqlList(carriers)})`),
    check(
      "orders_pickup_copied",
      sql`(${t.fulfilment} = 'pickup') = (${t.pickupName} is not null and ${t.pickupAddress} is not null and ${t.pickupHours} is not null)`,
    ),
    check("orders_total_sums", sql`${t.total} = ${t.subtotal} - ${t.discount} + ${t.deliveryFee}`),
    check("orders_discount_within", sql`${t.discount} >= 0 and ${t.discount} <= ${t.subtotal}`),
  ],
);

/** What was bought, copied at the time of the order so later catalog edits never change it. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: integer("variant_id").references(() => variants.id, { onDelete: "set null" }),
    productSlug: text("product_slug").notNull(),
    productName: text("product_name").notNull(),
    variantLabel: text("variant_label").notNull(),
    unitPrice: integer("unit_price").notNull(),
    quantity: integer("quantity").notNull(),
    /** This line's share of the order's discount, whole KSh: invoices and refunds use its discounted total. */
    discount: integer("discount").notNull().default(0),
  },
  (t) => [
    index("order_lines_order_id_idx").on(t.orderId),
    check("order_lines_quantity_positive", sql`${t.quantity} > 0`),
    check("order_lines_discount_within", sql`${t.discount} >= 0 and ${t.discount} <= ${t.unitPrice} * ${t.quantity}`),
  ],
);

/**
 * Money owed or received for an order, one row per attempt: pay on delivery is one pending row,
 * settled on delivery; each M-Pesa STK Push is a row of its own, which moves from pending to paid
 * or failed as M-Pesa answers (a cancelled attempt's outcome is still followed, so a late payment
 * is never lost). `providerReference` is the M-Pesa receipt, or Pesapal's confirmation code. Each Pesapal
 * attempt is a row of its own too, sent to Pesapal's page and settled by its status query.
 */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    method: text("method").$type<PaymentMethod>().notNull(),
    status: text("status").$type<PaymentStatus>().notNull().default("pending"),
    amount: integer("amount").notNull(),
    providerReference: text("provider_reference").unique(),
    /** M-Pesa: the paying phone, 2547XXXXXXXX. */
    phone: text("phone"),
    /** M-Pesa: Daraja's id of the STK Push, once it accepted it. */
    checkoutRequestId: text("checkout_request_id").unique(),
    /** Pesapal: its order tracking id, once it accepted the order request. */
    trackingId: text("tracking_id").unique(),
    /** Pesapal: how the shopper paid, as Pesapal names it ('Visa', 'AirtelKE'…): a card may be refunded in part. */
    channel: text("channel"),
    /** M-Pesa's result code and its words (or why the push never went out). */
    resultCode: integer("result_code"),
    resultDesc: text("result_desc"),
    /** When M-Pesa's outcome became known; until then the reconciler keeps asking. */
    outcomeAt: timestamp("outcome_at", { withTimezone: true }),
    /** When the money arrived: M-Pesa's confirmation, or the rider's collection on delivery. Revenue counts it that day. */
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** When the reconciler asks M-Pesa (or Pesapal) next. */
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    /** Something staff must look at (a callback whose amount differs). */
    problem: text("problem"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payments_order_id_idx").on(t.orderId),
    index("payments_paid_at_idx")
      .on(t.paidAt)
      .where(sql`${t.status} = 'paid'`),
    index("payments_next_check_idx")
      .on(t.nextCheckAt)
      .where(sql`${t.outcomeAt} is null and ${t.checkoutRequestId} is not null`),
    check("payments_method_known", sql`${t.method} in (${sqlList(paymentMethods)})`),
    check("payments_status_known", sql`${t.status} in (${sqlList(paymentStatuses)})`),
    check("payments_amount_positive", sql`${t.amount} > 0`),
  ],
);

/**
 * Daraja's access token, one row shared by every instance: a new token invalidates the previous
 * one, so only the instance that holds `refreshingUntil` fetches a new one while the others wait.
 */
export const mpesaTokens = pgTable("mpesa_tokens", {
  id: integer("id").primaryKey(),
  token: text("token"),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  refreshingUntil: timestamp("refreshing_until", { withTimezone: true }),
});

/** Pesapal: the IPN id the shop registered for its notification URL (when PESAPAL_IPN_ID is not set). */
export const pesapalState = pgTable("pesapal_state", {
  id: integer("id").primaryKey(),
  ipnId: text("ipn_id"),
  ipnUrl: text("ipn_url"),
});

/**
 * Every change of an order, oldest first: who (a member of staff, the shopper, the shop itself),
 * what (the status it left and the one it reached), when, and a note (a cancellation's reason).
 */
export const orderHistory = pgTable(
  "order_history",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** The actor as named then: a staff member's e-mail, 'Shopper' or 'Kijani Threads'. */
    actorLabel: text("actor_label").notNull(),
    fromStatus: text("from_status").$type<OrderStatus>(),
    toStatus: text("to_status").$type<OrderStatus>().notNull(),
    note: text("note").notNull().default(""),
  },
  (t) => [index("order_history_order_id_idx").on(t.orderId, t.id)],
);

/** A signed-in shopper's delivery details, saved at checkout to prefill the next one. */
export const savedDeliveryDetails = pgTable("saved_delivery_details", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  ...deliveryColumns,
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every Paybill or Till payment Daraja confirmed (C2B), once per M-Pesa code (`transId`). Matched to
 * an order, it is held there until the order's total is reached, then applied: part of one paid
 * payment (`paymentId`), or owed back when the order could no longer take it. Unmatched ones wait for
 * staff, who assign them to an order or record their refund (`refundReference`, `resolvedBy`).
 */
export const c2bPayments = pgTable(
  "c2b_payments",
  {
    id: serial("id").primaryKey(),
    transId: text("trans_id").notNull().unique(),
    kind: text("kind").$type<C2bKind>().notNull(),
    amount: integer("amount").notNull(),
    /** The account the payer typed (Paybill), as typed; '' for a Till. */
    account: text("account").notNull().default(""),
    /** The payer's number as Daraja sent it: whole, masked ('2547 ***** 678') or hashed. */
    msisdn: text("msisdn").notNull().default(""),
    payerName: text("payer_name").notNull().default(""),
    status: text("status").$type<C2bStatus>().notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "cascade" }),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    refundReference: text("refund_reference"),
    resolvedBy: text("resolved_by"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("c2b_payments_order_id_idx").on(t.orderId),
    index("c2b_payments_unmatched_idx")
      .on(t.receivedAt)
      .where(sql`${t.status} = 'unmatched'`),
    check("c2b_payments_kind_known", sql`${t.kind} in (${sqlList(c2bKinds)})`),
    check("c2b_payments_status_known", sql`${t.status} in (${sqlList(c2bStatuses)})`),
    check("c2b_payments_amount_positive", sql`${t.amount} > 0`),
    check("c2b_payments_order_when_matched", sql`(${t.status} in ('held', 'applied')) = (${t.orderId} is not null)`),
  ],
);

/**
 * A payment staff added by its M-Pesa code from their statement (its confirmation was lost). It counts
 * only once Daraja's Transaction Status API confirms it: the query goes out through the outbox and
 * its answer comes back to the shop's result URL. One check of a code at a time.
 */
export const mpesaCodeChecks = pgTable(
  "mpesa_code_checks",
  {
    id: serial("id").primaryKey(),
    transId: text("trans_id").notNull(),
    /** The order number staff read beside the code ('' when none): the payment's account. */
    account: text("account").notNull().default(""),
    requestedBy: text("requested_by").notNull(),
    state: text("state").$type<CodeCheckState>().notNull().default("pending"),
    /** What came of it, in staff's words. */
    result: text("result").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("mpesa_code_checks_pending_unique")
      .on(t.transId)
      .where(sql`${t.state} = 'pending'`),
    index("mpesa_code_checks_created_idx").on(t.createdAt),
    check("mpesa_code_checks_state_known", sql`${t.state} in (${sqlList(codeCheckStates)})`),
  ],
);
