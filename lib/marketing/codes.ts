import { randomInt } from "node:crypto";

/** Letters and digits that cannot be mistaken for each other when read aloud or retyped (no 0/O, 1/l/I). */
const alphabet = "23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ";

/** 8 characters of 55: about 8·10^13 codes, so neither counting up nor guessing finds a campaign. */
export const campaignCodeLength = 8;

const codePattern = new RegExp(`^[${alphabet}]{${campaignCodeLength}}$`);

/** A new campaign code, drawn from the system's cryptographic random source (never a sequence). */
export function newCampaignCode(): string {
  return Array.from({ length: campaignCodeLength }, () => alphabet[randomInt(alphabet.length)]).join("");
}

/** Whether a value could be a campaign code, checked before any database read. */
export function isCampaignCode(value: unknown): value is string {
  return typeof value === "string" && codePattern.test(value);
}
