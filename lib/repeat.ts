/**
 * Runs `work` now and then `intervalMs` after each run ends (never two at once), logging failures
 * without stopping. Returns a function that stops it after the current run.
 */
export function every(intervalMs: number, name: string, work: () => Promise<unknown>): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = work()
      .catch((error) => console.error(`[${name}] ${error instanceof Error ? error.message : error}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  tick();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
