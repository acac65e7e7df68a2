/**
 * Runs once when a server process starts: checks the settings (a wrong one stops the start with
 * a message naming it), keeps failed queries' parameters out of the logs, then starts the
 * background work. Not during `next build`, which never opens the database. On SIGTERM or SIGINT, once Next has finished the requests in flight, the
 * background work stops and the database is closed before the process exits.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { env } = await import("./lib/env");
  env();
  const { keepQueryParametersOutOfLogs } = await import("./lib/db/errors");
  keepQueryParametersOutOfLogs();
  // On Vercel no process outlives its requests: the crons and each request do the work instead
  // (lib/server/follow-ups.ts). Fixed by the build (next.config.ts env), so there the bundler drops
  // the imports below, and with them PGlite and sharp from every function, the proxy's included.
  if (process.env.VERCEL) return;
  const { runBackgroundWork } = await import("./lib/server/background");
  const { closeConnection } = await import("./lib/server/database");
  const { afterServerStops } = await import("./lib/shutdown");
  const stopBackgroundWork = runBackgroundWork();
  afterServerStops(async () => {
    await stopBackgroundWork();
    await closeConnection();
  });
}
