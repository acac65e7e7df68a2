import type { Mail } from "@/lib/mail";
import { site } from "@/lib/site";

/**
 * The password-reset e-mail: a single-use link to /reset-password, valid for one hour. It greets
 * nobody by name: anybody may ask for a reset of an account they made with a stranger's address,
 * so the name is the asker's words, not the mailbox owner's.
 */
export function resetPasswordMail(baseURL: string, to: string, token: string): Mail {
  const link = `${baseURL}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: `Reset your ${site.name} password`,
    text: [
      "Hello,",
      "",
      `Someone asked to reset the password of your ${site.name} account. To choose a new password, open this link within one hour:`,
      "",
      link,
      "",
      "The link works once. If you did not ask for it, ignore this e-mail: your password stays the same.",
    ].join("\n"),
  };
}
