/** The Google Merchant Center product feed: RSS 2.0 with the g: namespace, one item per entry. */
import { feedPrice, type FeedEntry, type FeedShipping } from "./entries";

export const googleFeedContentType = "application/rss+xml; charset=utf-8";

export function googleFeedXml(
  entries: FeedEntry[],
  channel: { title: string; link: string; description: string },
  shipping: FeedShipping[],
): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    "<channel>",
    element("title", channel.title),
    element("link", channel.link),
    element("description", channel.description),
    ...entries.map((entry) => item(entry, shipping)),
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

function item(entry: FeedEntry, shipping: FeedShipping[]): string {
  const fields = [
    element("g:id", entry.id),
    element("g:item_group_id", entry.groupId),
    element("title", entry.title),
    element("description", entry.description),
    element("link", entry.link),
    element("g:image_link", entry.imageLink),
    ...entry.additionalImageLinks.map((link) => element("g:additional_image_link", link)),
    element("g:availability", entry.inStock ? "in_stock" : "out_of_stock"),
    element("g:price", feedPrice(entry.price)),
    element("g:brand", entry.brand),
    element("g:condition", "new"),
    // The shop's own designs carry no GTIN or MPN.
    element("g:identifier_exists", "no"),
    element("g:google_product_category", entry.googleCategory),
    ...(entry.size ? [element("g:size", entry.size)] : []),
    ...(entry.colour ? [element("g:color", entry.colour)] : []),
    ...(entry.ageGroup ? [element("g:gender", "unisex"), element("g:age_group", entry.ageGroup)] : []),
    ...shipping.map(
      (line) =>
        `<g:shipping>${element("g:country", line.country)}${element("g:service", line.service)}${element("g:price", feedPrice(line.fee))}</g:shipping>`,
    ),
  ];
  return `<item>\n${fields.join("\n")}\n</item>`;
}

const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;

/** Text as XML character data: markup escaped, and the control characters XML 1.0 forbids dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
