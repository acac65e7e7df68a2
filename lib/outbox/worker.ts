import type { Database } from "@/lib/db";
import { env } from "@/lib/env";
import { sendMail } from "@/lib/mail";
import { deliverDueMessages } from "./outbox";

/**
 * Delivers the outbox in the background of a server process, every OUTBOX_POLL_MS. Any number
 * of instances may run it: each message is claimed by one of them. Returns a function that stops it.
 */
export function startOutboxWorker(db: Database): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = deliverDueMessages(db, sendMail)
      .catch((error) => console.error(`[outbox] Delivery failed: ${error instanceof Error ? error.message : error}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, env().OUTBOX_POLL_MS);
      });
  };
  tick();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
