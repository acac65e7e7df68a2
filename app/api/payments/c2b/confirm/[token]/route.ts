import { getDb } from "@/lib/server/database";
import { recordC2bPayment } from "@/lib/payments/mpesa/c2b";
import { readC2bRequest } from "@/lib/payments/mpesa/c2b-request";

/** Daraja's C2B confirmation: recorded once per M-Pesa code, matched and applied before the answer. */
export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const read = await readC2bRequest(request, (await params).token);
  if (!read.ok) return read.response;
  await recordC2bPayment(await getDb(), read.config, read.body);
  return Response.json({ ResultCode: 0, ResultDesc: "Accepted" });
}
