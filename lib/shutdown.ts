const exitCodes = { SIGINT: 130, SIGTERM: 143 } as const;

/**
 * Runs `cleanup` when the process is told to stop (SIGTERM or SIGINT), after the server has
 * finished its requests in flight and before the process exits.
 *
 * Next's server handles both signals itself: it stops accepting connections, waits for the
 * requests in flight, then calls process.exit. It offers no hook between the last request and
 * that exit, so on a signal this holds process.exit until `cleanup` is done, or until
 * `deadlineMs` has passed: a stuck cleanup must not keep a stopping instance alive. With no
 * other handler for the signal (no Next server in this process), it exits after `cleanup` itself.
 * NEXT_MANUAL_SIG_HANDLE hands the signals to the application, so then this does nothing.
 */
export function afterServerStops(cleanup: () => Promise<void>, deadlineMs = 10_000): void {
  if (process.env.NEXT_MANUAL_SIG_HANDLE) return;
  const holdExit = (signal: keyof typeof exitCodes) => {
    for (const name of Object.keys(exitCodes)) process.off(name, holdExit);
    const exit = process.exit.bind(process);
    process.exit = ((code) => {
      process.exit = exit;
      setTimeout(() => {
        console.error(`Shutdown: cleanup still running after ${deadlineMs} ms, exiting anyway.`);
        exit(code);
      }, deadlineMs);
      cleanup()
        .catch((error) => console.error(`Shutdown: ${error instanceof Error ? error.message : error}`))
        .finally(() => exit(code));
    }) as typeof process.exit;
    if (process.listenerCount(signal) === 0) process.exit(exitCodes[signal]);
  };
  for (const name of Object.keys(exitCodes)) process.once(name, holdExit);
}
