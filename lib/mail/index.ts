import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { site } from "@/lib/site";
import { env } from "@/lib/env";

export type Mail = { to: string; subject: string; text: string; html?: string };

/**
 * Sends one e-mail through the SMTP server in SMTP_HOST/SMTP_PORT (SMTP_USER/SMTP_PASS when it
 * asks for a login). With no SMTP_HOST, the message is written to the server log instead, so a
 * shop started with no configuration still shows password-reset links to its operator.
 * `messageKey` (the outbox key) makes the Message-ID stable across retries.
 */
export async function sendMail(mail: Mail, messageKey?: string): Promise<void> {
  const transport = getTransport();
  if (!transport) {
    console.info(`[mail] No SMTP configured; message for ${mail.to}:\nSubject: ${mail.subject}\n\n${mail.text}`);
    return;
  }
  // A message sent again after a crash keeps its Message-ID, so mail clients show it once.
  const messageId = messageKey ? `<${messageKey.replace(/[^A-Za-z0-9.-]/g, ".")}@${new URL(site.url).hostname}>` : undefined;
  await transport.sendMail({ from: env().MAIL_FROM ?? `${site.name} <${site.email}>`, messageId, ...mail });
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
