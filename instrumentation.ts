/**
 * Runs once when a server process starts: checks the settings (a wrong one stops the start with
 * a message naming it), then starts the background work. Not during `next build`, which never
 * opens the database.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { env } = await import("./lib/env");
  env();
  const { startBackgroundWork } = await import("./lib/background");
  // Not awaited: a database that is down must not keep the server from answering (health says 503).
  void startWithRetry(startBackgroundWork);
}

async function startWithRetry(start: () => Promise<unknown>) {
  for (;;) {
    try {
      return await start();
    } catch (error) {
      console.error(`[background] Could not start, retrying in 5 s: ${error instanceof Error ? error.message : error}`);
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
  }
}
