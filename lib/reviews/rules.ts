import * as z from "zod/mini";
import { reviewStatuses } from "@/lib/db/values";
import {
  REVIEW_BODY_MAX_LENGTH,
  REVIEW_REPLY_MAX_LENGTH,
  REVIEW_TITLE_MAX_LENGTH,
  moderationMessages,
  reviewMessages,
} from "./labels";

/**
 * Anything a reader could follow: a scheme, `www.`, or anything shaped like a domain (a name, a dot
 * and two or more letters: example.co.ke/x, evil.ru, пример.рф), whatever its ending, since new
 * endings keep coming. Two sentences without a space between them look like one; the message says so.
 */
const linkPattern = /[a-z][a-z0-9+.-]*:\/\/|www\.|[\p{L}\p{N}-]\.\p{L}{2}/iu;

/** Whether a review's or reply's text holds a link: reviews carry none, so nobody advertises through them. */
export const hasLink = (text: string) => linkPattern.test(text);

const text = (max: number, message: string) =>
  z._default(
    z.string().check(
      z.trim(),
      z.maxLength(max, { error: message }),
      z.refine((value) => !hasLink(value), { error: reviewMessages.links }),
    ),
    "",
  );

/** What the review form posts, parsed once at the edge. */
export const reviewSchema = z.object({
  lineId: z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647)),
  rating: z.coerce.number({ error: reviewMessages.rating }).check(z.int(reviewMessages.rating), z.gte(1), z.lte(5)),
  title: text(REVIEW_TITLE_MAX_LENGTH, reviewMessages.title),
  body: text(REVIEW_BODY_MAX_LENGTH, reviewMessages.body),
});
export type ReviewInput = z.infer<typeof reviewSchema>;

/** A back-office step on one review: publish, hide, or save its reply ('' removes it). */
export const moderationSchema = z.discriminatedUnion("step", [
  z.object({ reviewId: z.coerce.number().check(z.int(), z.positive()), step: z.enum(["publish", "hide"]) }),
  z.object({
    reviewId: z.coerce.number().check(z.int(), z.positive()),
    step: z.literal("reply"),
    reply: z._default(
      z.string().check(
        z.trim(),
        z.maxLength(REVIEW_REPLY_MAX_LENGTH, { error: moderationMessages.reply }),
        z.refine((value) => !hasLink(value), { error: moderationMessages.links }),
      ),
      "",
    ),
  }),
]);
export type ModerationStep = z.infer<typeof moderationSchema>;

/** The staff list's filters, from its query string; anything else means 'all'. */
export const reviewFilterSchema = z.object({
  status: z.catch(z.optional(z.enum(reviewStatuses)), undefined),
  stars: z.catch(z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(5))), undefined),
});
export type ReviewFilters = z.infer<typeof reviewFilterSchema>;

/** The name a review shows: the first name and the last name's initial ("Wanjiru K."), never more. */
export function reviewerName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "A buyer";
  const first = words[0].slice(0, 30);
  if (words.length === 1) return first;
  return `${first} ${words[words.length - 1][0].toUpperCase()}.`;
}

/** What was bought, as a review shows it: "Black / L", "Pack of 20"; '' for a single option. */
export function boughtLabel(variant: { size: string | null; colour: string | null; packSize: number | null }): string {
  if (variant.packSize !== null) return `Pack of ${variant.packSize}`;
  return [variant.colour, variant.size].filter(Boolean).join(" / ");
}
