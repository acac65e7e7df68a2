import { after } from "next/server";
import { getDb } from "@/lib/server/database";
import { payloadTooLarge, readBodyAtMost } from "@/lib/http/body";
import { CALLBACK_MAX_BYTES, isCallbackToken, parseMpesaCallback, settleFromCallback } from "@/lib/payments/mpesa/callback";
import { mpesaConfig } from "@/lib/payments/mpesa/config";

/** Daraja's callback: answered at once; the payment is settled after the answer, once M-Pesa confirms it. */
export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const config = mpesaConfig();
  if (!config || !isCallbackToken(config, (await params).token)) return new Response("Not Found", { status: 404 });
  const body = await readBodyAtMost(request, CALLBACK_MAX_BYTES);
  if (!body) return payloadTooLarge();
  const callback = parseMpesaCallback(safeJson(await body.text()));
  if (!callback) return Response.json({ ResultCode: 1, ResultDesc: "Rejected" }, { status: 400 });
  after(async () => {
    await settleFromCallback(await getDb(), config, callback).catch((error) =>
      console.error(
        `[mpesa] Settling a callback failed; the reconciler will retry: ${error instanceof Error ? error.message : error}`,
      ),
    );
  });
  return Response.json({ ResultCode: 0, ResultDesc: "Accepted" });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
