import nodemailer, { type Transporter } from "nodemailer";
import { site } from "@/lib/site";

export type Mail = { to: string; subject: string; text: string; html?: string };

/**
 * Sends one e-mail through the SMTP server in SMTP_HOST/SMTP_PORT (SMTP_USER/SMTP_PASS when it
 * asks for a login). With no SMTP_HOST, the message is written to the server log instead, so a
 * shop started with no configuration still shows password-reset links to its operator.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const transport = getTransport();
  if (!transport) {
    console.info(`[mail] No SMTP configured; message for ${mail.to}:\nSubject: ${mail.subject}\n\n${mail.text}`);
    return;
  }
  await transport.sendMail({ from: process.env.MAIL_FROM ?? `${site.name} <${site.email}>`, ...mail });
}

let transport: Transporter | null | undefined;

function getTransport(): Transporter | null {
  if (transport !== undefined) return transport;
  const host = process.env.SMTP_HOST;
  if (!host) return (transport = null);
  const port = Number(process.env.SMTP_PORT ?? 587);
  const user = process.env.SMTP_USER;
  transport = nodemailer.createTransport({
    host,
    port,
    secure: port === 465,
    auth: user ? { user, pass: process.env.SMTP_PASS ?? "" } : undefined,
  });
  return transport;
}
