import { redirect } from "next/navigation";
import { cartOwnerForWrite } from "@/lib/server/cart-owner";
import { getDb } from "@/lib/server/database";
import { restoreCart } from "@/lib/winback/checkout-reminders";
import { reminderCopy } from "@/lib/winback/reminder-copy";

export const dynamic = "force-dynamic";

/** An unfinished-checkout reminder's link: puts that cart's lines into this browser's cart and opens it. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string; token: string }> }) {
  const { id, token } = await params;
  const restored = await restoreCart(await getDb(), { id, token, owner: await cartOwnerForWrite() });
  if (!restored.ok) return new Response(reminderCopy.badLink, { status: 404, headers: { "Content-Type": "text/plain" } });
  redirect("/cart");
}
