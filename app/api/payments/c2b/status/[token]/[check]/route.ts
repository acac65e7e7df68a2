import { parseId } from "@/lib/core/ids";
import { getDb } from "@/lib/server/database";
import { parseStatusResult, settleCodeCheck } from "@/lib/payments/mpesa/code-check";
import { readDarajaPost } from "@/lib/payments/mpesa/c2b-request";

/** Daraja's answer to a staff check of an M-Pesa code (Transaction Status): settles that check once. */
export async function POST(request: Request, { params }: { params: Promise<{ token: string; check: string }> }) {
  const { token, check } = await params;
  const checkId = parseId(check);
  if (checkId === null) return new Response("Not Found", { status: 404 });
  const read = await readDarajaPost(request, token, parseStatusResult);
  if (!read.ok) return read.response;
  await settleCodeCheck(await getDb(), read.config, checkId, read.body);
  return Response.json({ ResultCode: 0, ResultDesc: "Accepted" });
}
