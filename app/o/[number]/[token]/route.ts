import { getDb } from "@/lib/server/database";
import { findShortLinkTarget } from "@/lib/orders/order-link";

export const dynamic = "force-dynamic";

/** A text's short link to an order: on to its signed link (relative, so it stays on the origin used); a wrong one is 404. */
export async function GET(_request: Request, { params }: { params: Promise<{ number: string; token: string }> }) {
  const { number, token } = await params;
  const target = await findShortLinkTarget(await getDb(), number, token);
  if (!target) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(null, { status: 303, headers: { Location: target, "Cache-Control": "no-store" } });
}
