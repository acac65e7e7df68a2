import { getDb } from "@/lib/server/database";
import { receiveC2bConfirmation } from "@/lib/payments/mpesa/code-check";
import { readC2bRequest } from "@/lib/payments/mpesa/c2b-request";

/** Daraja's C2B confirmation: recorded once per M-Pesa code (checked with M-Pesa first, where it can be) before the answer. */
export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const read = await readC2bRequest(request, (await params).token);
  if (!read.ok) return read.response;
  await receiveC2bConfirmation(await getDb(), read.config, read.body);
  return Response.json({ ResultCode: 0, ResultDesc: "Accepted" });
}
