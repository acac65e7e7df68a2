import { getDb } from "@/lib/server/database";
import { orderPath } from "@/lib/orders/status";
import { pesapalConfig } from "@/lib/payments/pesapal/config";
import { returnFromPesapal } from "@/lib/payments/pesapal/notification";

/** The shopper back from Pesapal's page: its order's page, once Pesapal's status is asked and recorded. */
export async function GET(request: Request) {
  const config = pesapalConfig();
  if (!config) return new Response("Not Found", { status: 404 });
  const number = await returnFromPesapal(await getDb(), config, Object.fromEntries(new URL(request.url).searchParams));
  // A relative address: the shopper stays on the host their cookies belong to.
  return new Response(null, { status: 303, headers: { location: number ? orderPath(number) : "/" } });
}
