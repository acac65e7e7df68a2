import type { NextRequest } from "next/server";
import { getDb } from "@/lib/server/database";
import { findOrderMentioned } from "@/lib/orders/order-texts";
import { answerVerification, receiveWebhook } from "@/lib/whatsapp/webhook";

/** Meta's subscription check: echoes hub.challenge for the shop's verify token. */
export const GET = (request: NextRequest) => answerVerification(request.nextUrl.searchParams);

/** Meta's signed events: statuses recorded, shoppers' messages to the staff's bell. */
export async function POST(request: Request) {
  return receiveWebhook(await getDb(), request, findOrderMentioned);
}
