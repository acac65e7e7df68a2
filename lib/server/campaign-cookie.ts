import "server-only";
import { attributionWindowMs } from "@/lib/marketing/attribution";
import { deriveSecret } from "@/lib/secrets";
import { cookieNames } from "./cookies";

// Apart from ./cookies.ts, whose attributes proxy.ts uses without the shop's secret.

/** The last campaign link's visit, for as long as an order is attributed to it. */
export const campaignCookie = { name: cookieNames.campaign, maxAge: attributionWindowMs / 1000 } as const;

/** The key that signs the campaign cookie and names visitors (lib/marketing/attribution.ts). */
export const campaignKey = () => deriveSecret("campaign-cookie");
