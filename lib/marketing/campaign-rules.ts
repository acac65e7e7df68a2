import { z } from "zod";
import { isCategorySlug } from "@/lib/catalog/categories";
import { isCalendarDate, type CalendarDate } from "@/lib/time/nairobi";
import { campaignSources, campaignTargetKinds, type CampaignSource, type CampaignTargetKind } from "./campaign-fields";

/** The campaign form's rules and words, shared by the form and the server. */
export const campaignSourceLabels: Record<CampaignSource, string> = {
  whatsapp: "WhatsApp",
  instagram: "Instagram",
  x: "X",
  facebook: "Facebook",
  sms: "SMS",
  other: "Other",
};

export const campaignTargetLabels: Record<CampaignTargetKind, string> = {
  home: "Home page",
  product: "A product",
  category: "A category",
};

/** A campaign name as it appears in utm_campaign: lower-case words joined by hyphens, like `whatsapp-december`. */
export const campaignNameRule = {
  pattern: "[a-z0-9]+(-[a-z0-9]+)*",
  maxLength: 60,
  message: "Use lower-case letters, digits and hyphens, like whatsapp-december (at most 60 characters).",
} as const;

/** A campaign to create, always valid. */
export type CampaignInput = {
  name: string;
  source: CampaignSource;
  target: { kind: "home" } | { kind: "product"; productId: number } | { kind: "category"; category: string };
};

const nameSchema = z
  .string()
  .trim()
  .max(campaignNameRule.maxLength)
  .regex(new RegExp(`^${campaignNameRule.pattern}$`));

/** The campaign form's fields, parsed once: the input, or each field's error. */
export function parseCampaignForm(
  fields: Record<"name" | "source" | "targetKind" | "productId" | "category", unknown>,
): { ok: true; input: CampaignInput } | { ok: false; errors: Partial<Record<string, string>> } {
  const errors: Partial<Record<string, string>> = {};
  const name = nameSchema.safeParse(fields.name);
  if (!name.success) errors.name = campaignNameRule.message;
  const source = z.enum(campaignSources).safeParse(fields.source);
  if (!source.success) errors.source = "Choose where the link is shared.";
  const kind = z.enum(campaignTargetKinds).safeParse(fields.targetKind);
  let target: CampaignInput["target"] | null = null;
  if (!kind.success) errors.targetKind = "Choose where the link leads.";
  else if (kind.data === "home") target = { kind: "home" };
  else if (kind.data === "category") {
    if (isCategorySlug(fields.category)) target = { kind: "category", category: fields.category };
    else errors.category = "Choose a category.";
  } else {
    const productId = z.coerce.number().int().positive().safeParse(fields.productId);
    if (productId.success) target = { kind: "product", productId: productId.data };
    else errors.productId = "Choose a product.";
  }
  if (!name.success || !source.success || !target) return { ok: false, errors };
  return { ok: true, input: { name: name.data, source: source.data, target } };
}

/** The campaign table's dates when none are asked for: the last 30 days, today included. */
export const defaultReportDays = 30;

/**
 * The campaign table's Nairobi date range from URL parameters: both dates valid and in order,
 * else the last `defaultReportDays` days up to `today`.
 */
export function parseReportRange(
  params: Record<string, string | string[] | undefined>,
  today: CalendarDate,
): { from: CalendarDate; to: CalendarDate } {
  const from = params.from;
  const to = params.to;
  if (isCalendarDate(from) && isCalendarDate(to) && from <= to) return { from, to };
  const start = new Date(Date.parse(`${today}T00:00:00Z`) - (defaultReportDays - 1) * 24 * 60 * 60 * 1000);
  return { from: start.toISOString().slice(0, 10), to: today };
}
