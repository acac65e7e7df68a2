import "server-only";
import { payloadTooLarge, readBodyAtMost, SMALL_BODY_MAX_BYTES } from "@/lib/http/body";
import { sameSecret } from "@/lib/secrets";
import { isShopShortcode, mpesaConfig, type MpesaConfig } from "./config";
import { parseC2bNotice, type C2bNotice } from "./c2b-parse";

type Read<T> = { ok: true; config: MpesaConfig; body: T } | { ok: false; response: Response };

/**
 * What the C2B routes read before they act: the shop's M-Pesa settings, a path token that is the
 * shop's C2B token (else 404), a small body (else 413) that `parse` accepts as one Daraja would send
 * (else 400).
 */
export async function readDarajaPost<T>(
  request: Request,
  token: string,
  parse: (body: unknown) => T | null,
  config = mpesaConfig(),
): Promise<Read<T>> {
  if (!config || !sameSecret(token, config.c2bToken)) return { ok: false, response: new Response("Not Found", { status: 404 }) };
  const body = await readBodyAtMost(request, SMALL_BODY_MAX_BYTES);
  if (!body) return { ok: false, response: payloadTooLarge() };
  const parsed = parse(safeJson(await body.text()));
  if (!parsed) return { ok: false, response: rejected() };
  return { ok: true, config, body: parsed };
}

/** A Paybill/Till notice, to the validation or the confirmation URL: refused unless paid to the shop's Paybill or Till. */
export async function readC2bRequest(request: Request, token: string, config = mpesaConfig()): Promise<Read<C2bNotice>> {
  const read = await readDarajaPost(request, token, parseC2bNotice, config);
  if (!read.ok) return read;
  const { shortcode, ...notice } = read.body;
  if (!isShopShortcode(read.config, shortcode)) return { ok: false, response: rejected() };
  return { ok: true, config: read.config, body: notice };
}

const rejected = () => Response.json({ ResultCode: "C2B00016", ResultDesc: "Rejected" }, { status: 400 });

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
