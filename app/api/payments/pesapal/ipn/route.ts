import { getDb } from "@/lib/server/database";
import { payloadTooLarge, readBodyAtMost, SMALL_BODY_MAX_BYTES } from "@/lib/http/body";
import { pesapalConfig } from "@/lib/payments/pesapal/config";
import { answerIpn } from "@/lib/payments/pesapal/notification";

/** Pesapal's notification (IPN), registered as POST with a JSON body; acknowledged as Pesapal documents. */
export async function POST(request: Request) {
  const config = pesapalConfig();
  if (!config) return new Response("Not Found", { status: 404 });
  const body = await readBodyAtMost(request, SMALL_BODY_MAX_BYTES);
  if (!body) return payloadTooLarge();
  const answer = await answerIpn(await getDb(), config, safeJson(await body.text()));
  return Response.json(answer.body, { status: answer.httpStatus });
}

/** The same notification registered as GET (an IPN id made in Pesapal's dashboard may be), from its query string. */
export async function GET(request: Request) {
  const config = pesapalConfig();
  if (!config) return new Response("Not Found", { status: 404 });
  const answer = await answerIpn(await getDb(), config, Object.fromEntries(new URL(request.url).searchParams));
  return Response.json(answer.body, { status: answer.httpStatus });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
