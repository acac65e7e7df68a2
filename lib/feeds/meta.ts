/** Meta's catalog feed (Facebook, Instagram, WhatsApp): CSV with Meta's column names, one row per entry. */
import { csvLine } from "@/lib/core/csv";
import { feedPrice, type FeedEntry, type FeedShipping } from "./entries";

export const metaFeedContentType = "text/csv; charset=utf-8";

const columns: [string, (entry: FeedEntry, shipping: FeedShipping[]) => string][] = [
  ["id", (entry) => entry.id],
  ["item_group_id", (entry) => entry.groupId],
  ["title", (entry) => entry.title],
  ["description", (entry) => entry.description],
  ["availability", (entry) => (entry.inStock ? "in stock" : "out of stock")],
  ["condition", () => "new"],
  ["price", (entry) => feedPrice(entry.price)],
  ["link", (entry) => entry.link],
  ["image_link", (entry) => entry.imageLink],
  ["additional_image_link", (entry) => entry.additionalImageLinks.join(",")],
  ["brand", (entry) => entry.brand],
  ["google_product_category", (entry) => entry.googleCategory],
  ["size", (entry) => entry.size ?? ""],
  ["color", (entry) => entry.colour ?? ""],
  ["gender", (entry) => (entry.ageGroup ? "unisex" : "")],
  ["age_group", (entry) => entry.ageGroup ?? ""],
  // COUNTRY:REGION:SERVICE:PRICE, one per fee; the counties are named in the service, not as regions.
  ["shipping", (_, shipping) => shipping.map((line) => `${line.country}::${line.service}:${feedPrice(line.fee)}`).join(",")],
];

export function metaFeedCsv(entries: FeedEntry[], shipping: FeedShipping[]): string {
  return (
    csvLine(columns.map(([name]) => name)) +
    entries.map((entry) => csvLine(columns.map(([, value]) => value(entry, shipping)))).join("")
  );
}
