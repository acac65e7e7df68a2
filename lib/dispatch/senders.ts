import "server-only";
import type { OutboxKind } from "@/lib/db/values";
import { sendMail, type Mail } from "@/lib/mail";
import type { OutboxMessage, Sender } from "@/lib/outbox/outbox";

// Which integration sends each kind of outbox message. It sits above the outbox and above every
// integration, which queue their messages through the outbox and never import each other.
const senders: Partial<Record<OutboxKind, Sender>> = {
  email: (message) => sendMail(message.payload as Mail, message.key),
};

/**
 * Sends one outbox message with its kind's sender. A kind with no sender (queued by a newer
 * instance during a rolling deploy) fails, so it waits for an instance that knows it.
 */
export async function sendOutboxMessage(message: OutboxMessage): Promise<void> {
  const send = senders[message.kind];
  if (!send) throw new Error(`No sender for outbox messages of kind "${message.kind}"`);
  await send(message);
}
