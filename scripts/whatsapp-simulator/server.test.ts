import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { startWhatsappSimulator } from "./server";

// The crash test leans on two things Meta does: each status echoes the sender's
// biz_opaque_callback_data, and a webhook not answered 200 is posted again.
const posts: { signature: string; body: string; answered: number }[] = [];
const webhook = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => {
    // The first two posts find the shop down.
    const answered = posts.length < 2 ? 503 : 200;
    posts.push({ signature: String(request.headers["x-hub-signature-256"]), body, answered });
    response.writeHead(answered).end();
  });
});
await new Promise<void>((resolve) => webhook.listen(0, "127.0.0.1", resolve));
const simulator = await startWhatsappSimulator({
  webhookUrl: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/`,
  statusDelayMs: 10,
  webhookRetryMs: 50,
});
afterAll(async () => {
  await simulator.close();
  webhook.close();
});

describe("the WhatsApp simulator's webhooks", () => {
  it("echo the sender's reference in each status, signed, and are posted again until answered 200", async () => {
    const answer = await fetch(`${simulator.url}/v23.0/109876543210/messages`, {
      method: "POST",
      headers: { authorization: "Bearer simulator-token", "content-type": "application/json" },
      body: JSON.stringify({
        messaging_product: "whatsapp",
        to: "254712345679",
        type: "template",
        template: {
          name: "order_update",
          language: { code: "en" },
          components: [{ type: "body", parameters: ["a", "b", "c", "d", "e"].map((text) => ({ type: "text", text })) }],
        },
        biz_opaque_callback_data: "whatsapp:order-placed:KT-TEST001",
      }),
    });
    expect(answer.status).toBe(200);
    await expect.poll(() => simulator.messages()[0]?.statuses.length, { timeout: 5_000 }).toBe(2);
    expect(simulator.messages()[0].statuses).toEqual([
      { status: "sent", answered: 200, attempts: 2 },
      { status: "delivered", answered: 200, attempts: 2 },
    ]);
    expect(posts.map((post) => post.answered)).toEqual([503, 503, 200, 200]);
    for (const post of posts) {
      expect(post.signature).toBe(`sha256=${createHmac("sha256", "simulator-app-secret").update(post.body).digest("hex")}`);
      const [status] = JSON.parse(post.body).entry[0].changes[0].value.statuses;
      expect(status.biz_opaque_callback_data).toBe("whatsapp:order-placed:KT-TEST001");
    }
  });
});
