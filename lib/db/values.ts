// The values of the database's enumerated columns, with their types. Plain constants without drizzle,
// so that the domain rules that forms import (and through them the browser) can use them; lib/db/schema
// builds its columns and checks from them.

/**
 * draft: only staff see it; published: in the shop; archived: out of the shop, still on past orders.
 * Shoppers, search and the sitemap see published products only.
 */
export const productStatuses = ["draft", "published", "archived"] as const;
export type ProductStatus = (typeof productStatuses)[number];

/** How a category's products vary: apparel by size and colour, packs (trash bags) by the bags per pack. */
export const categoryKinds = ["apparel", "pack"] as const;
export type CategoryKind = (typeof categoryKinds)[number];

/**
 * How a category's goods are described on tax invoices (eTIMS item classes, lib/tax/items.ts):
 * chosen by staff per category, so that a new or renamed category never changes what KRA is told.
 */
export const taxClasses = ["tshirts", "hoodies", "trashbags"] as const;
export type TaxClass = (typeof taxClasses)[number];

/** Where a campaign link's visitors arrive. */
export const campaignTargetKinds = ["home", "product", "category"] as const;
export type CampaignTargetKind = (typeof campaignTargetKinds)[number];

export const campaignSources = ["whatsapp", "instagram", "x", "facebook", "sms", "other"] as const;
export type CampaignSource = (typeof campaignSources)[number];

export const promotionStates = ["draft", "published"] as const;
export type PromotionState = (typeof promotionStates)[number];

export const notificationKinds = ["order_placed", "order_status_changed"] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * delivery_failed: the parcel came back from a delivery attempt (a pickup order: not collected);
 * returned: it is back in the shop, the order closed. A pickup order waits at its point
 * (ready_for_pickup) and is then delivered, which for pickup reads 'Collected' (lib/orders/status.ts).
 */
export const orderStatuses = [
  "placed",
  "confirmed",
  "dispatched",
  "ready_for_pickup",
  "delivered",
  "cancelled",
  "delivery_failed",
  "returned",
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * How an order is paid: cash or M-Pesa to the rider on delivery, M-Pesa Express at checkout, or
 * Pesapal's hosted page (cards, Airtel Money).
 */
export const paymentMethods = ["pay_on_delivery", "mpesa", "pesapal"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** Money sent back is a refund of its own (below): a payment stays paid, so each day's takings stay true. */
export const paymentStatuses = ["pending", "paid", "failed", "cancelled"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * mpesa: a question to Daraja whose answer comes back later (a Transaction Status query); pesapal: a refund request;
 * analytics: a purchase reported to GA4's Measurement Protocol or Meta's Conversions API.
 */
export const outboxKinds = ["email", "sms", "etims", "mpesa", "pesapal", "whatsapp", "analytics"] as const;
export type OutboxKind = (typeof outboxKinds)[number];

export const roleChangeActions = ["grant", "revoke"] as const;
export type RoleChangeAction = (typeof roleChangeActions)[number];

/**
 * Why a variant's stock changed: an order, its cancellation or failed delivery, a return received,
 * units held for an exchange (or released again), a member of staff's adjustment, or an admin's
 * catalog spreadsheet import (lib/catalog/sheet-apply.ts).
 */
export const stockReasons = [
  "order",
  "cancellation",
  "returned_to_shop",
  "return",
  "exchange",
  "restock",
  "damaged",
  "correction",
  "import",
] as const;
export type StockReason = (typeof stockReasons)[number];

/** The back office's roles. Shoppers have none; a person may hold several. */
export const staffRoles = ["admin", "staff", "marketing"] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * Why money goes back: the order was cancelled (or expired), its parcel came back, a return, M-Pesa
 * paid twice, or a Paybill/Till payment above what the order owed.
 */
export const refundReasons = ["cancelled", "delivery_failed", "return", "paid_twice", "overpaid"] as const;
export type RefundReason = (typeof refundReasons)[number];

/** A Paybill (with an account) or Till (Buy Goods, no account) payment that Daraja confirmed (C2B). */
export const c2bKinds = ["paybill", "till"] as const;
export type C2bKind = (typeof c2bKinds)[number];

/**
 * Where a Paybill/Till payment stands: held on an order it does not yet pay in full; applied to an
 * order (as part of one paid payment, or owed back); unmatched, for staff to assign; refunded by
 * staff without an order.
 */
export const c2bStatuses = ["held", "applied", "unmatched", "refunded"] as const;
export type C2bStatus = (typeof c2bStatuses)[number];

/**
 * Where a staff check of an M-Pesa code stands: asked of Daraja's Transaction Status API and waiting;
 * counted (recorded as a Paybill/Till payment, or found recorded already); refused (M-Pesa knows no
 * such payment to the shop, or did not answer).
 */
export const codeCheckStates = ["pending", "counted", "refused"] as const;
export type CodeCheckState = (typeof codeCheckStates)[number];

/** due: the shop owes it; requested: asked of Pesapal, which has not yet approved it; recorded: sent, and how. */
export const refundStatuses = ["due", "requested", "recorded"] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** How a refund went back: an M-Pesa reversal (with its reference) or cash. */
export const refundMethods = ["mpesa", "cash"] as const;
export type RefundMethod = (typeof refundMethods)[number];

/** How a refund goes back, staff's methods and Pesapal's RefundRequest (requested by staff, approved by Pesapal). */
export const refundChannels = [...refundMethods, "pesapal"] as const;
export type RefundChannel = (typeof refundChannels)[number];

/** A shopper's return request: asked, then approved or declined by staff; approved, then received. */
export const returnStatuses = ["requested", "approved", "declined", "received"] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

/** What a returned line becomes: its money back, or another size or colour of the same product. */
export const returnResolutions = ["refund", "exchange"] as const;
export type ReturnResolution = (typeof returnResolutions)[number];

/** Why a shopper returns something. */
export const returnReasons = ["wrong_size", "not_as_pictured", "faulty", "changed_mind"] as const;
export type ReturnReason = (typeof returnReasons)[number];

/** A sale's tax invoice, or the credit note that takes back some or all of one (a refund). */
export const invoiceKinds = ["sale", "credit_note"] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

/** pending: not yet reported to KRA (queued, or eTIMS not set up); rejected: eTIMS refused it, staff may retry. */
export const invoiceReportStates = ["pending", "reported", "rejected"] as const;
export type InvoiceReportState = (typeof invoiceReportStates)[number];

/** KRA's tax types: A exempt, B standard 16%, C zero-rated, D non-VAT, E 8%. */
export const taxTypes = ["A", "B", "C", "D", "E"] as const;
export type TaxType = (typeof taxTypes)[number];

/** A text's life (lib/sms): queued in the outbox, accepted by the gateway, then reported delivered or failed; throttled ones are never sent. */
export const smsStates = ["queued", "sent", "delivered", "failed", "throttled"] as const;
export type SmsState = (typeof smsStates)[number];

/**
 * A WhatsApp update's state, in the order it advances (lib/whatsapp/statuses.ts): queued, sent,
 * delivered, read; failed ends it, unless it was already delivered or read. Throttled: never sent.
 */
export const whatsappStates = ["queued", "sent", "delivered", "read", "failed", "throttled"] as const;
export type WhatsappState = (typeof whatsappStates)[number];

/**
 * What a text is for (sms_messages.purpose): an order's own, or marketing (an unfinished checkout's
 * reminder, a back-in-stock alert), which has its own share of the shop's daily budget and never
 * takes an order's place in it (lib/sms/queue.ts).
 */
export const smsPurposes = ["order", "reminder", "back_in_stock"] as const;
export type SmsPurpose = (typeof smsPurposes)[number];

/** A discount code's kind: a percentage of the eligible items, or a fixed amount in KSh. */
export const discountKinds = ["percent", "fixed"] as const;
export type DiscountKind = (typeof discountKinds)[number];

/** What a discount code applies to: the whole cart, some products, or some categories. */
export const discountScopes = ["all", "products", "categories"] as const;
export type DiscountScope = (typeof discountScopes)[number];

/** How an order reaches the shopper: delivered to their address, or collected at a pickup point. */
export const fulfilmentKinds = ["delivery", "pickup"] as const;
export type FulfilmentKind = (typeof fulfilmentKinds)[number];

/**
 * Who carries a county's delivered orders (delivery_zones.carrier, copied onto each order): the
 * shop's own rider, to the door; or a courier, usually collected at its office with the buyer's ID.
 */
export const carriers = ["rider", "courier"] as const;
export type Carrier = (typeof carriers)[number];

/** How a courier hands a parcel over: the shopper collects it at the courier's office, or it is brought to the door. */
export const courierHandovers = ["office", "door"] as const;
export type CourierHandover = (typeof courierHandovers)[number];

/** How a shopper is reached: a phone by SMS, an e-mail address by e-mail. */
export const contactChannels = ["sms", "email"] as const;
export type ContactChannel = (typeof contactChannels)[number];

/** Where a shopper gave marketing consent (marketing_consents.source). */
export const consentSources = ["checkout", "account"] as const;
export type ConsentSource = (typeof consentSources)[number];

/**
 * What became of an unfinished checkout once its time came (checkout_reminders.outcome): its reminder
 * was sent, or it was not because the shopper ordered since, gave no consent (or withdrew it), the
 * cart is empty or all sold out, that phone or address was reminded within the last day, or the SMS
 * throttle held the text back.
 */
export const reminderOutcomes = ["sent", "ordered", "no_consent", "empty", "sold_out", "reminded_lately", "throttled"] as const;
export type ReminderOutcome = (typeof reminderOutcomes)[number];

/** A phone (+2547XXXXXXXX, by SMS) or an e-mail address (in lower case, by e-mail): how a shopper is reached. */
export type ShopperContact = { contact: string; channel: ContactChannel };

/** A buyer's review: waiting for staff (when REVIEWS_NEED_APPROVAL), shown in the shop, or hidden by staff. */
export const reviewStatuses = ["pending", "published", "hidden"] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** The days of a pickup point's week (pickup_points.opening_hours), Monday first. */
export const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof weekdays)[number];

/** A pickup point's hours (lib/checkout/opening-hours.ts): per weekday, 'HH:MM' times with `open` before `close`, or null when closed. */
export type DayHours = { open: string; close: string } | null;
export type OpeningHours = Record<Weekday, DayHours>;

/** A shopper's answer to the cookie banner (lib/analytics/consent.ts). */
export const analyticsChoices = ["accepted", "rejected"] as const;
export type AnalyticsChoice = (typeof analyticsChoices)[number];
