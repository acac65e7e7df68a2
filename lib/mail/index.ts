import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { defaultShopDetails, site } from "@/lib/site";
import { env } from "@/lib/env";

/** `headers`: extra headers, such as List-Unsubscribe on marketing e-mails. */
export type Mail = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> };

/** Whether e-mails leave the shop: with no SMTP_HOST they are written to the server log instead. */
export const mailSent = () => env().SMTP_HOST !== undefined;

/** The dashboard's warning while e-mails are written to the log, as eTIMS's is while sales do not reach KRA. */
export const mailLoggedWarning =
  "No SMTP server is set (SMTP_HOST), so e-mails to shoppers and staff are written to the server log, not sent: nobody receives them.";

/**
 * Sends one e-mail through the SMTP server in SMTP_HOST/SMTP_PORT (SMTP_USER/SMTP_PASS when it
 * asks for a login). With no SMTP_HOST, the message is written to the server log instead, so a
 * shop started with no configuration still shows password-reset links to its operator.
 * `messageKey` (the outbox key) makes the Message-ID stable across retries. Says which it did.
 */
export async function sendMail(mail: Mail, messageKey?: string): Promise<"sent" | "logged"> {
  const transport = getTransport();
  if (!transport) {
    console.info(`[mail] No SMTP configured; message for ${mail.to}:\nSubject: ${mail.subject}\n\n${mail.text}`);
    return "logged";
  }
  // A message sent again after a crash keeps its Message-ID, so mail clients show it once.
  const messageId = messageKey ? `<${messageKey.replace(/[^A-Za-z0-9.-]/g, ".")}@${new URL(site.url).hostname}>` : undefined;
  // The sender is the SMTP account's to choose (MAIL_FROM), not the Shop details page's: a server
  // refuses, or mailboxes bin, mail from an address it does not send for.
  const from = env().MAIL_FROM ?? `${site.name} <${defaultShopDetails.email}>`;
  await transport.sendMail({ from, messageId, ...mail });
  return "sent";
}

let transport: Transporter | null | undefined;

function getTransport(): Transporter | null {
  if (transport !== undefined) return transport;
  const { SMTP_HOST: host, SMTP_PORT: port, SMTP_USER: user, SMTP_PASS: pass } = env();
  if (!host) return (transport = null);
  transport = nodemailer.createTransport({
    host,
    port,
    secure: port === 465,
    auth: user ? { user, pass: pass ?? "" } : undefined,
  });
  return transport;
}
