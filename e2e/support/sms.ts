import { expect, type APIRequestContext } from "@playwright/test";

// The Africa's Talking simulator that scripts/e2e-server.mjs starts on PORT + 4000: the texts it took.

export const simulatorURL = `http://127.0.0.1:${Number(process.env.PORT ?? 3000) + 4000}`;

export type Text = { to: string; from: string | null; message: string; parts: number; encoding: string };

/** The texts the simulator took for a phone (+2547…), oldest first. */
export async function textsTo(request: APIRequestContext, phone: string): Promise<Text[]> {
  const messages = (await (await request.get(`${simulatorURL}/__simulator/messages`)).json()) as Text[];
  return messages.filter((message) => message.to === phone);
}

/** Waits until a phone has exactly `count` texts; returns them. */
export async function expectTexts(request: APIRequestContext, phone: string, count: number, timeout = 20_000): Promise<Text[]> {
  await expect.poll(async () => (await textsTo(request, phone)).length, { timeout }).toBe(count);
  return textsTo(request, phone);
}

/** A mobile number no other test uses, ending in `lastDigit`: as typed, and as the shop stores it. */
export function uniquePhone(lastDigit: number): { typed: string; stored: string } {
  const digits = `${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}${lastDigit}`;
  return { typed: `07${digits}`, stored: `+2547${digits}` };
}
