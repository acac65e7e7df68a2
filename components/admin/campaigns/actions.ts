"use server";

import { revalidatePath } from "next/cache";
import { failedAnswer, formAnswer, type FormState } from "@/components/ui/form-state";
import { backOfficeSections } from "@/lib/admin/sections";
import { actorOf } from "@/lib/auth/actor";
import { parseId } from "@/lib/core/ids";
import { getDb } from "@/lib/server/database";
import { parseCampaignForm } from "@/lib/marketing/campaign-rules";
import { campaignLinkPath, createCampaign, setCampaignEnabled } from "@/lib/marketing/campaigns";
import { staffAction } from "@/lib/server/staff-action";

const section = backOfficeSections.campaigns;

/** 'Create link': a new campaign with its own short link. */
export const createCampaignAction = staffAction(
  "createCampaign",
  section,
  async (user, previous: FormState, formData: FormData) => {
    const fields = ["name", "source", "targetKind", "productId", "category"] as const;
    const raw = Object.fromEntries(fields.map((field) => [field, formData.get(field)])) as Record<
      (typeof fields)[number],
      unknown
    >;
    const values = Object.fromEntries(fields.map((field) => [field, String(raw[field] ?? "").slice(0, 100)]));
    const parsed = parseCampaignForm(raw);
    if (!parsed.ok) return formAnswer(previous, { errors: parsed.errors, values });
    const result = await createCampaign(await getDb(), parsed.input, actorOf(user));
    if (!result.ok) return formAnswer(previous, { errors: result.errors, values });
    revalidatePath(section.path);
    return formAnswer(previous, { ok: true, message: `Link created: ${campaignLinkPath(result.campaign.code)}` });
  },
  failedAnswer,
);

/** A row's 'Disable' or 'Enable' button (`id:on` or `id:off`); works without JavaScript. */
export const toggleCampaignAction = staffAction(
  "toggleCampaign",
  section,
  async (_user, formData: FormData) => {
    const [idText, state] = String(formData.get("toggle") ?? "").split(":");
    const id = parseId(idText);
    if (id === null || (state !== "on" && state !== "off")) return;
    await setCampaignEnabled(await getDb(), id, state === "on");
    revalidatePath(section.path);
  },
  // The list shows each campaign as it is, so a failed toggle shows as unchanged.
  () => undefined,
);
