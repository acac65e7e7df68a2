import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

// The messages the SMTP server started by scripts/e2e-server.mjs received for this port.
const mailDir = path.resolve(".data", `mail-${process.env.PORT ?? "3000"}`);

/** Waits for the e-mails sent to one address, and returns their raw text, oldest first. */
export async function mailsTo(address: string, count = 1): Promise<string[]> {
  let found: string[] = [];
  await expect
    .poll(() => {
      found = readdirSync(mailDir)
        .sort((a, b) => Number(a.split("-")[1].split(".")[0]) - Number(b.split("-")[1].split(".")[0]))
        .map((name) => readFileSync(path.join(mailDir, name), "utf8"))
        .filter((mail) => new RegExp(`^To: .*${address.replace(/[.+]/g, "\\$&")}`, "mi").test(mail));
      return found.length;
    })
    .toBeGreaterThanOrEqual(count);
  return found;
}

/** The reset link in a password-reset e-mail (quoted-printable soft breaks undone). */
export function resetLink(mail: string): string {
  const text = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const link = text.match(/https?:\/\/\S+\/reset-password\?token=[\w%-]+/)?.[0];
  if (!link) throw new Error("No reset link in the e-mail");
  return link;
}
