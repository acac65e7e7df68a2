import { isOrderNumber } from "@/lib/orders/order-number";
import { orderPath } from "@/lib/orders/status";

/** `/o/<number>`: the order's page, which its owner (signed in, or the cart that placed it) may open. */
export async function GET(_request: Request, { params }: { params: Promise<{ number: string }> }) {
  const { number } = await params;
  if (!isOrderNumber(number)) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(null, { status: 303, headers: { Location: orderPath(number) } });
}
