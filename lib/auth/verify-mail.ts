import type { Mail } from "@/lib/mail";
import { site } from "@/lib/site";

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
