import Validator, { type Issue } from "@adobe/structured-data-validator";
import type { Page } from "@playwright/test";

export type JsonLdItem = { "@type": string; [property: string]: unknown };

/** Every JSON-LD item of the page as it is now, in page order. */
export async function jsonLdItems(page: Page): Promise<JsonLdItem[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.map((text) => JSON.parse(text) as JsonLdItem);
}

/** The page's one JSON-LD item of `type` (a product page's Product beside its BreadcrumbList). */
export async function jsonLdOfType<T = Record<string, unknown>>(page: Page, type: string): Promise<T & JsonLdItem> {
  const items = (await jsonLdItems(page)).filter((item) => item["@type"] === type);
  if (items.length !== 1) throw new Error(`${page.url()} has ${items.length} JSON-LD items of type ${type}`);
  return items[0] as T & JsonLdItem;
}

/** What Adobe's validator (Google's rich-result rules) finds wrong in `items`: errors only. */
export async function structuredDataErrors(items: JsonLdItem[]): Promise<Issue[]> {
  const byType: Record<string, JsonLdItem[]> = {};
  for (const item of items) (byType[item["@type"]] ??= []).push(item);
  const issues = await new Validator().validate({ jsonld: byType });
  return issues.filter((issue) => issue.severity === "ERROR");
}
