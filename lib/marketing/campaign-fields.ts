/** The values a campaign link's source and target may take; free of drizzle, so the campaign form can use them in the browser. */

/** Where a campaign link's visitors arrive. */
export const campaignTargetKinds = ["home", "product", "category"] as const;
export type CampaignTargetKind = (typeof campaignTargetKinds)[number];

/** Where a campaign link is shared. */
export const campaignSources = ["whatsapp", "instagram", "x", "facebook", "sms", "other"] as const;
export type CampaignSource = (typeof campaignSources)[number];
