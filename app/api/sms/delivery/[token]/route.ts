import { getDb } from "@/lib/server/database";
import { payloadTooLarge, readBodyAtMost } from "@/lib/http/body";
import { smsConfig } from "@/lib/sms/client";
import { DELIVERY_REPORT_MAX_BYTES, isDeliveryToken, parseDeliveryReport, recordDeliveryReport } from "@/lib/sms/delivery";

/** Africa's Talking's delivery report: recorded once it is known, answered 200 whatever it names. */
export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const config = smsConfig();
  if (!config || !isDeliveryToken(config, (await params).token)) return new Response("Not Found", { status: 404 });
  const body = await readBodyAtMost(request, DELIVERY_REPORT_MAX_BYTES);
  if (!body) return payloadTooLarge();
  const report = parseDeliveryReport(new URLSearchParams(await body.text()));
  if (!report) return new Response("Bad Request", { status: 400 });
  await recordDeliveryReport(await getDb(), report);
  return new Response("OK");
}
