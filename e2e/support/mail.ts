import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

// The messages the SMTP server started by scripts/e2e-server.mjs received for this port.
const mailDir = path.resolve(".data", `mail-${process.env.PORT ?? "3000"}`);

/** Waits for the e-mails sent to one address (with a subject that starts so), and returns their raw text, oldest first. */
export async function mailsTo(address: string, count = 1, subject = ""): Promise<string[]> {
  let found: string[] = [];
  await expect
    .poll(
      () => {
        found = readdirSync(mailDir)
          .sort((a, b) => Number(a.split("-")[1].split(".")[0]) - Number(b.split("-")[1].split(".")[0]))
          .map((name) => readFileSync(path.join(mailDir, name), "utf8"))
          .filter((mail) => new RegExp(`^To: .*${address.replace(/[.+]/g, "\\$&")}`, "mi").test(mail))
          .filter((mail) => mail.includes(`Subject: ${subject}`));
        return found.length;
      },
      // The outbox sends within a second: look four times a second, not every second (expect.poll's default).
      { intervals: [100, 250] },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

/** The reset link in a password-reset e-mail. */
export const resetLink = (mail: string) => linkIn(mail, "/reset-password");

/** The verification link in an address-verification e-mail. */
export const verifyLink = (mail: string) => linkIn(mail, "/api/auth/verify-email");

/** The invitation link in a back-office invitation e-mail. */
export const invitationLink = (mail: string) => linkIn(mail, "/register");

/** An order's signed link in an order e-mail. */
export const orderLinkIn = (mail: string, number: string) => linkIn(mail, `/orders/${number}`);

/** An e-mail's text with quoted-printable undone: its soft breaks, and its escaped bytes as UTF-8 ('=E2=80=93' is '–'). */
export const plainText = (mail: string) =>
  mail.replace(/=\r?\n/g, "").replace(/(=[0-9A-F]{2})+/g, (escaped) => decodeURIComponent(escaped.replaceAll("=", "%")));

/** The link to `path` in an e-mail. */
function linkIn(mail: string, path: string): string {
  const text = plainText(mail);
  const link = text.match(new RegExp(`https?://[^\\s/]+${path}\\?[\\w%=&.-]+`))?.[0];
  if (!link) throw new Error(`No ${path} link in the e-mail`);
  return link;
}
