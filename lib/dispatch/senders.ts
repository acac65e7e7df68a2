import "server-only";
import { analyticsSender } from "@/lib/analytics/purchase";
import type { Database } from "@/lib/db";
import type { OutboxKind } from "@/lib/db/values";
import { invoiceReporter } from "@/lib/etims/report";
import { sendMail, type Mail } from "@/lib/mail";
import type { OutboxMessage, Sender } from "@/lib/outbox/outbox";
import { codeCheckSender } from "@/lib/payments/mpesa/code-check";
import { pesapalRefundSender } from "@/lib/payments/pesapal/refunds";
import { smsSender } from "@/lib/sms/send";
import { whatsappSender } from "@/lib/whatsapp/send";

// Which integration sends each kind of outbox message. It sits above the outbox and above every
// integration, which queue their messages through the outbox and never import each other.
const senders: Partial<Record<OutboxKind, (db: Database) => Sender>> = {
  email: () => (message) => sendMail(message.payload as Mail, message.key),
  etims: invoiceReporter,
  sms: smsSender,
  mpesa: codeCheckSender,
  pesapal: pesapalRefundSender,
  whatsapp: whatsappSender,
  analytics: analyticsSender,
};

/**
 * The outbox's sender on a database: each message goes to its kind's integration. A kind with no
 * sender (queued by a newer instance during a rolling deploy) fails, so it waits for an instance
 * that knows it.
 */
export function outboxSender(db: Database): Sender {
  return async (message: OutboxMessage) => {
    const sender = senders[message.kind];
    if (!sender) throw new Error(`No sender for outbox messages of kind "${message.kind}"`);
    return sender(db)(message);
  };
}
