import { getDb } from "@/lib/server/database";
import { c2bValidationAnswer, validateC2bPayment } from "@/lib/payments/mpesa/c2b";
import { readC2bRequest } from "@/lib/payments/mpesa/c2b-request";

/** Daraja's C2B validation (only where Safaricom enabled it): refuses an account that names no open order. */
export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }) {
  const read = await readC2bRequest(request, (await params).token);
  if (!read.ok) return read.response;
  const { accept } = await validateC2bPayment(await getDb(), read.body);
  return Response.json(c2bValidationAnswer(accept));
}
