// What the SMS and WhatsApp simulators share of plain HTTP: bounded bodies and records, JSON answers
// and escaped inbox pages. Simulators share no code with lib/, only with each other.
import type { IncomingMessage, ServerResponse } from "node:http";

/** The most a simulator keeps of anything (messages, reports), oldest dropped first. */
const maxRecords = 10_000;
/** The largest request body a simulator reads. */
const maxBodyChars = 64 * 1024;

export const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function remember<T>(list: T[], item: T) {
  list.push(item);
  if (list.length > maxRecords) list.shift();
}

export async function readBody(request: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of request) {
    body += chunk;
    if (body.length > maxBodyChars) throw new Error("body too large");
  }
  return body;
}

export function json(response: ServerResponse, status: number, value: unknown) {
  response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(value));
}
