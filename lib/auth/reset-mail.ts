import type { Mail } from "@/lib/mail";
import { site } from "@/lib/site";

/** The password-reset e-mail: a single-use link to /reset-password, valid for one hour. */
export function resetPasswordMail(baseURL: string, firstName: string, to: string, token: string): Mail {
  const link = `${baseURL}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: `Reset your ${site.name} password`,
    text: [
      `Hello ${firstName},`,
      "",
      `Someone asked to reset the password of your ${site.name} account. To choose a new password, open this link within one hour:`,
      "",
      link,
      "",
      "The link works once. If you did not ask for it, ignore this e-mail: your password stays the same.",
    ].join("\n"),
  };
}
