import type { Mail } from "@/lib/mail";
import { site } from "@/lib/site";

/**
 * Where the verification link lands, signed in (lib/auth/hooks.ts): the account page, which says the
 * address is confirmed, or (with Better Auth's ?error=) that the link did not work.
 */
export const addressConfirmedPath = "/account?confirmed=1";

export const addressMessages = {
  confirmed: "Your e-mail address is confirmed.",
  linkFailed: "That confirmation link has expired or was already used. Check your e-mail for a newer one.",
  unconfirmed: "Not confirmed yet: open the link in the e-mail we sent you.",
} as const;

/** Better Auth's verification link, landing on addressConfirmedPath. */
export function verifyLinkLandingOnAccount(url: string): string {
  const link = new URL(url);
  link.searchParams.set("callbackURL", addressConfirmedPath);
  return link.toString();
}

/**
 * The address-verification e-mail: Better Auth's link, which proves the mailbox is the account
 * holder's. The address is not yet known to be theirs, so it carries nothing typed into the form.
 */
export function verifyEmailMail(to: string, link: string): Mail {
  return {
    to,
    subject: `Confirm your e-mail address for ${site.name}`,
    text: [
      "Hello,",
      "",
      `To confirm that this is your e-mail address for your ${site.name} account, open this link within one day:`,
      "",
      link,
      "",
      `If you did not create an account at ${site.name}, do not open the link: someone else used your address. Ignore this e-mail instead.`,
    ].join("\n"),
  };
}
