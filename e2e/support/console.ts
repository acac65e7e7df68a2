import { expect, type ConsoleMessage, type Page } from "@playwright/test";

/**
 * Collects console errors, React hydration warnings and uncaught exceptions from now on.
 * Assert `expect(errors).toEqual([])` once the page has settled.
 */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (isProblem(message)) errors.push(`${message.type()}: ${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/** Resolves once React has hydrated the page (it tags the nodes it owns), when hydration warnings would have shown. */
export async function waitForHydration(page: Page) {
  await expect.poll(() => page.evaluate(() => Object.keys(document.body).some((key) => key.startsWith("__react")))).toBe(true);
}

function isProblem(message: ConsoleMessage): boolean {
  const text = message.text();
  // A failed link prefetch (`?_rsc=`) is invisible to the shopper: Next falls back to a full
  // navigation. Links to routes are checked by the link tests instead.
  if (text.startsWith("Failed to load resource") && message.location().url.includes("_rsc=")) return false;
  return message.type() === "error" || /hydrat/i.test(text);
}
