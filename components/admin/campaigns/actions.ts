"use server";

import { revalidatePath } from "next/cache";
import type { FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { parseId } from "@/lib/cart/rules";
import { getDb } from "@/lib/db";
import { parseCampaignForm } from "@/lib/marketing/campaign-rules";
import { campaignLinkPath, createCampaign, setCampaignEnabled } from "@/lib/marketing/campaigns";
import { requireRole } from "@/lib/server/session";

const section = backOfficeSections.campaigns;

/** 'Create link': a new campaign with its own short link. */
export async function createCampaignAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const user = await requireRole(section);
  const fields = ["name", "source", "targetKind", "productId", "category"] as const;
  const raw = Object.fromEntries(fields.map((field) => [field, formData.get(field)])) as Record<(typeof fields)[number], unknown>;
  const values = Object.fromEntries(fields.map((field) => [field, String(raw[field] ?? "").slice(0, 100)]));
  const parsed = parseCampaignForm(raw);
  if (!parsed.ok) return { errors: parsed.errors, values };
  const result = await createCampaign(await getDb(), parsed.input, actorOf(user));
  if (!result.ok) return { errors: result.errors, values };
  revalidatePath(section.path);
  return { errors: {}, values: {}, ok: true, message: `Link created: ${campaignLinkPath(result.campaign.code)}` };
}

/** A row's 'Disable' or 'Enable' button (`id:on` or `id:off`); works without JavaScript. */
export async function toggleCampaignAction(formData: FormData): Promise<void> {
  await requireRole(section);
  const [idText, state] = String(formData.get("toggle") ?? "").split(":");
  const id = parseId(idText);
  if (id === null || (state !== "on" && state !== "off")) return;
  await setCampaignEnabled(await getDb(), id, state === "on");
  revalidatePath(section.path);
}
