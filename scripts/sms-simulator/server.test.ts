import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { defaultSmsOptions, segments, startSmsSimulator, type SmsSimulator } from "./server";

/** The delivery reports the simulator posts, as the shop's callback would receive them. */
const reports: Record<string, string>[] = [];
let callback: Server;
let simulator: SmsSimulator;

beforeAll(async () => {
  callback = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      reports.push(Object.fromEntries(new URLSearchParams(body)));
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => callback.listen(0, "127.0.0.1", resolve));
  const callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/reports`;
  simulator = await startSmsSimulator({ callbackUrl, reportDelayMs: 20 });
});
afterAll(async () => {
  await simulator.close();
  await new Promise((resolve) => callback.close(resolve));
});
beforeEach(() => {
  simulator.reset();
  reports.length = 0;
});

/** A send as the published API takes it: a form, the key in the apiKey header, JSON asked for. */
function sendSms(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${simulator.url}/version1/messaging`, {
    method: "POST",
    headers: {
      apiKey: defaultSmsOptions.apiKey,
      Accept: "application/json",
      "Content-Type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body: new URLSearchParams({ username: defaultSmsOptions.username, ...fields }),
  });
}

const until = async (check: () => boolean) => {
  for (let tries = 0; tries < 100 && !check(); tries++) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe("the Africa's Talking SMS simulator", () => {
  it("answers a send with Africa's Talking's summary and one recipient per number, by the number's last digit", async () => {
    const answer = await sendSms({ to: "+254712345670,+254712345673,+254712345677", message: "Order KT-ABC1234 is on its way." });
    expect(answer.status).toBe(201);
    const { SMSMessageData } = await answer.json();
    expect(SMSMessageData.Message).toBe("Sent to 1/3 Total Cost: KES 0.8000");
    expect(SMSMessageData.Recipients).toEqual([
      {
        statusCode: 101,
        number: "+254712345670",
        status: "Success",
        cost: "KES 0.8000",
        messageId: expect.stringMatching(/^ATXid_/),
      },
      { statusCode: 403, number: "+254712345673", status: "InvalidPhoneNumber", cost: "0", messageId: "None" },
      { statusCode: 500, number: "+254712345677", status: "InternalServerError", cost: "0", messageId: "None" },
    ]);
    expect(simulator.messages().map((message) => message.to)).toEqual(["+254712345670"]);
  });

  it("posts delivery reports to the callback: delivered, failed with a reason, twice, or never", async () => {
    await sendSms({ to: "+254712345670,+254712345671,+254712345672,+254712345678", message: "Hello" });
    await until(() => reports.length >= 4);
    const byNumber = (number: string) => reports.filter((report) => report.phoneNumber === number);
    expect(byNumber("+254712345670")).toEqual([
      expect.objectContaining({ status: "Success", networkCode: "63902", retryCount: "0", id: expect.stringMatching(/^ATXid_/) }),
    ]);
    expect(byNumber("+254712345671")).toEqual([expect.objectContaining({ status: "Failed", failureReason: "AbsentSubscriber" })]);
    expect(byNumber("+254712345672")).toHaveLength(2);
    expect(byNumber("+254712345678")).toHaveLength(0);
    const delivered = simulator.messages().find((message) => message.to === "+254712345670")!;
    expect(delivered.reports).toEqual([{ status: "Success", answered: 200 }]);
  });

  it("refuses a wrong key or username, a missing field, a number not in +2547… form and an unknown sender ID", async () => {
    expect((await sendSms({ to: "+254712345670", message: "Hi" }, { apiKey: "wrong" })).status).toBe(401);
    expect((await sendSms({ to: "+254712345670", message: "Hi", username: "someone" })).status).toBe(401);
    expect((await sendSms({ to: "+254712345670", message: "" })).status).toBe(400);
    expect((await sendSms({ to: "", message: "Hi" })).status).toBe(400);
    const local = await (await sendSms({ to: "0712345670", message: "Hi" })).json();
    expect(local.SMSMessageData.Recipients[0]).toMatchObject({ statusCode: 403, status: "InvalidPhoneNumber" });
    const sender = await (await sendSms({ to: "+254712345670", message: "Hi", from: "SPAM" })).json();
    expect(sender.SMSMessageData.Recipients[0]).toMatchObject({ statusCode: 402, status: "InvalidSenderId" });
    expect((await sendSms({ to: "+254712345670", message: "Hi", from: "KIJANI" })).status).toBe(201);
    expect(simulator.messages()).toHaveLength(1);
  });

  it("can be down (503, nothing sent) and can fail the next send with a gateway error, once", async () => {
    simulator.setDown(true);
    expect((await sendSms({ to: "+254712345670", message: "Hi" })).status).toBe(503);
    simulator.setDown(false);
    simulator.failNext();
    const failed = await (await sendSms({ to: "+254712345670", message: "Hi" })).json();
    expect(failed.SMSMessageData.Recipients[0]).toMatchObject({ statusCode: 500 });
    expect(simulator.messages()).toHaveLength(0);
    expect((await (await sendSms({ to: "+254712345670", message: "Hi" })).json()).SMSMessageData.Recipients[0].statusCode).toBe(
      101,
    );
  });

  it("shows each phone's texts, escaped, on the inbox page", async () => {
    await sendSms({ to: "+254712345670", message: "Your order <KT-ABC1234> is paid." });
    const page = await (await fetch(`${simulator.url}/__simulator/inbox`)).text();
    expect(page).toContain("<h2>+254712345670</h2>");
    expect(page).toContain("Your order &lt;KT-ABC1234&gt; is paid.");
  });
});

describe("the length of a text, as Africa's Talking bills it", () => {
  it("is one GSM-7 part up to 160 characters, then parts of 153", () => {
    expect(segments("a".repeat(160))).toEqual({ parts: 1, encoding: "GSM-7" });
    expect(segments("a".repeat(161))).toEqual({ parts: 2, encoding: "GSM-7" });
    expect(segments("a".repeat(306))).toEqual({ parts: 2, encoding: "GSM-7" });
    expect(segments("a".repeat(307))).toEqual({ parts: 3, encoding: "GSM-7" });
  });

  it("counts the extension table's characters twice", () => {
    expect(segments("€".repeat(80))).toEqual({ parts: 1, encoding: "GSM-7" });
    expect(segments(`${"€".repeat(80)}a`)).toEqual({ parts: 2, encoding: "GSM-7" });
  });

  it("is UCS-2 with one character outside GSM-7 (a curly quote, an emoji): 70, then parts of 67", () => {
    expect(segments(`’${"a".repeat(69)}`)).toEqual({ parts: 1, encoding: "UCS-2" });
    expect(segments(`’${"a".repeat(70)}`)).toEqual({ parts: 2, encoding: "UCS-2" });
    expect(segments("👍")).toEqual({ parts: 1, encoding: "UCS-2" });
  });
});
