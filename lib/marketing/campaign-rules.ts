import * as z from "zod/mini";
import { addIssue, fieldErrorsOf, parseFormValues, type FieldErrors } from "@/lib/core/form-schema";
import { isSlug } from "@/lib/core/slugs";
import { isCalendarDate, type CalendarDate } from "@/lib/time/nairobi";
import { campaignSources, campaignTargetKinds, type CampaignSource, type CampaignTargetKind } from "@/lib/db/values";

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
  .check(z.trim(), z.maxLength(campaignNameRule.maxLength), z.regex(new RegExp(`^${campaignNameRule.pattern}$`)));

export const campaignFieldMessages = {
  name: campaignNameRule.message,
  source: "Choose where the link is shared.",
  targetKind: "Choose where the link leads.",
  productId: "Choose a product.",
  category: "Choose a category.",
} as const;

type CampaignField = keyof typeof campaignFieldMessages;

/**
 * The campaign form's rules, shared by the browser (useFormRules) and the server: each field's
 * message at once, and only the target field the chosen kind needs.
 */
export const campaignFormSchema = z.pipe(
  z.object({
    name: z.optional(z.unknown()),
    source: z.optional(z.unknown()),
    targetKind: z.optional(z.unknown()),
    productId: z.optional(z.unknown()),
    category: z.optional(z.unknown()),
  }),
  z.transform((fields, context): CampaignInput => {
    const refuse = (field: CampaignField) => addIssue(context, campaignFieldMessages[field], field);
    const name = nameSchema.safeParse(fields.name);
    if (!name.success) refuse("name");
    const source = z.enum(campaignSources).safeParse(fields.source);
    if (!source.success) refuse("source");
    const target = parseTarget(fields, refuse);
    if (!name.success || !source.success || !target) return z.NEVER;
    return { name: name.data, source: source.data, target };
  }),
);

function parseTarget(
  fields: { targetKind?: unknown; productId?: unknown; category?: unknown },
  refuse: (field: CampaignField) => void,
): CampaignInput["target"] | null {
  const kind = z.enum(campaignTargetKinds).safeParse(fields.targetKind);
  if (!kind.success) {
    refuse("targetKind");
    return null;
  }
  if (kind.data === "home") return { kind: "home" };
  if (kind.data === "category") {
    // Its shape here; that it exists, where it is stored (createCampaign).
    if (typeof fields.category === "string" && isSlug(fields.category)) return { kind: "category", category: fields.category };
    refuse("category");
    return null;
  }
  const productId = z.coerce.number().check(z.int(), z.positive()).safeParse(fields.productId);
  if (productId.success) return { kind: "product", productId: productId.data };
  refuse("productId");
  return null;
}

/** The browser's check of the campaign form, with the server's messages. */
export const campaignFormErrors = fieldErrorsOf<CampaignField>(campaignFormSchema);

/** The campaign form's fields, parsed once: the input, or each field's error. */
export function parseCampaignForm(
  fields: Partial<Record<CampaignField, unknown>>,
): { ok: true; input: CampaignInput } | { ok: false; errors: FieldErrors<CampaignField> } {
  const parsed = parseFormValues(campaignFormSchema, fields);
  return parsed.ok ? { ok: true, input: parsed.data } : parsed;
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
