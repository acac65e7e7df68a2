import "server-only";
import { payloadTooLarge, readBodyAtMost, SMALL_BODY_MAX_BYTES } from "@/lib/http/body";
import { isCallbackToken } from "./callback";
import { mpesaConfig, type MpesaConfig } from "./config";
import { parseC2bNotice, type C2bNotice } from "./c2b-parse";

type Read<T> = { ok: true; config: MpesaConfig; body: T } | { ok: false; response: Response };

/**
 * What the C2B routes read before they act: the shop's M-Pesa settings, a path token that is the
 * shop's (else 404), a small body (else 413) that `parse` accepts as one Daraja would send (else 400).
 */
export async function readDarajaPost<T>(request: Request, token: string, parse: (body: unknown) => T | null): Promise<Read<T>> {
  const config = mpesaConfig();
  if (!config || !isCallbackToken(config, token)) return { ok: false, response: new Response("Not Found", { status: 404 }) };
  const body = await readBodyAtMost(request, SMALL_BODY_MAX_BYTES);
  if (!body) return { ok: false, response: payloadTooLarge() };
  const parsed = parse(safeJson(await body.text()));
  if (!parsed) return { ok: false, response: Response.json({ ResultCode: "C2B00016", ResultDesc: "Rejected" }, { status: 400 }) };
  return { ok: true, config, body: parsed };
}

/** A Paybill/Till notice, to the validation or the confirmation URL. */
export const readC2bRequest = (request: Request, token: string): Promise<Read<C2bNotice>> =>
  readDarajaPost(request, token, parseC2bNotice);

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
