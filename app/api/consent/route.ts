import { clientAddress } from "@/lib/auth/form-values";
import { CONSENT_BODY_MAX_BYTES, parseConsentPost, recordConsent } from "@/lib/analytics/consent";
import { payloadTooLarge, readBodyAtMost } from "@/lib/http/body";
import { getDb } from "@/lib/server/database";

/** The cookie banner's answer: stored with a new random id, which the browser keeps in its cookie. */
export async function POST(request: Request) {
  const body = await readBodyAtMost(request, CONSENT_BODY_MAX_BYTES);
  if (!body) return payloadTooLarge();
  const choice = parseConsentPost(await body.text());
  if (!choice) return Response.json({ error: "Answer accepted or rejected." }, { status: 400 });
  const recorded = await recordConsent(await getDb(), choice, clientAddress(request.headers));
  if (!recorded.ok) return Response.json({ error: "Too many answers from here. Try again later." }, { status: 429 });
  return Response.json({ id: recorded.id }, { headers: { "Cache-Control": "private, no-store" } });
}
