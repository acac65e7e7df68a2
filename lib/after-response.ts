import "server-only";

/**
 * What a change leaves for after the response. Where no process of the shop outlives its requests
 * (Vercel), nothing listens for the database's announcements and no worker polls the outbox, so the
 * request that made a change follows it up itself: lib/server/follow-ups.ts says how, and sets it
 * when the connection opens there. On a Node host nothing is set: the background work does both.
 */
export type FollowUps = {
  /**
   * Runs work once the current response is sent: Next's after(), handed down by lib/server, so that
   * this module (imported by lib/cache and lib/outbox, and so by scripts and tests) needs no Next.js.
   */
  afterResponse: (work: () => Promise<void>) => void;
  /** Expires cached content under these tags (the request's own announcements). */
  expireTags: (tags: string[]) => void;
  /** Tries to deliver what the outbox holds; what fails waits for the outbox cron. */
  deliverOutbox: () => Promise<unknown>;
};

let followUps: FollowUps | undefined;

/** Sets (or, with undefined, clears) what each request does after changing something. */
export function followUpEachRequest(handlers: FollowUps | undefined): void {
  followUps = handlers;
}

/**
 * Runs `work` once the current response is sent, if requests follow up their own changes here.
 * A transaction that rolled back still schedules it: an extra expiry or delivery pass is harmless.
 */
export function afterResponse(work: (handlers: FollowUps) => unknown): void {
  const handlers = followUps;
  if (!handlers) return;
  handlers.afterResponse(async () => {
    try {
      await work(handlers);
    } catch (error) {
      console.error(`[after response] ${error instanceof Error ? error.message : error}`);
    }
  });
}
