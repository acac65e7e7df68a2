// Starts the built shop for the end-to-end tests on a fresh database:
// a new embedded data directory, or an emptied schema on the PostgreSQL server in DATABASE_URL.
// It also starts a real SMTP server on 127.0.0.1 that the shop sends its e-mails to; each message
// is written to .data/mail-<port>/ for the tests to read (e2e/support/mail.ts).
// It starts the Daraja simulator (npm run mpesa:simulator) on PORT + 1000 and points the shop's M-Pesa
// settings at it, with short timers so no test waits minutes.
// It starts the eTIMS simulator (npm run etims:simulator) on PORT + 2000, as a VAT-registered shop,
// and initialises the shop's eTIMS device against it.
// It starts the Pesapal API 3.0 simulator (npm run pesapal:simulator) on PORT + 3000 and points the shop's
// Pesapal settings at it.
// It starts the Africa's Talking SMS simulator (npm run sms:simulator) on PORT + 4000, points the shop's
// SMS settings at it and has it post its delivery reports to the shop's delivery route.
// It starts the WhatsApp Cloud API simulator (npm run whatsapp:simulator) on PORT + 5000 and has it
// post its signed webhooks to the shop's webhook route.
// It starts a stand-in of GA4's Measurement Protocol and Meta's Graph API on PORT + 6000, which keeps
// the analytics it is sent for e2e/analytics.spec.ts (GET /requests) and passes WhatsApp's calls on
// to the simulator, and sets up both analytics tools and WhatsApp against it.
// Before the shop starts, e2e/fixtures/seed.ts adds the tests' own products to that database, and the
// first admin's setup link is kept in .data/setup-link-<port> (e2e/support/staff.ts).
import { execFileSync, spawn } from "node:child_process";
import { createServer, request as forwardRequest } from "node:http";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";

const port = process.env.PORT ?? "3000";
process.env.BETTER_AUTH_URL = `http://localhost:${port}`;
// The address the specs expect (lib/site.ts, computed there from their own settings); a deployment
// on PostgreSQL must name one, so the tests name the default.
process.env.SITE_URL ??= "http://localhost:3000";
// Production on a PostgreSQL server requires a shared secret; the tests' own, never a shop's.
process.env.BETTER_AUTH_SECRET ??= "e2e-tests-only-secret-e2e-tests-only-secret";

const mailDir = path.resolve(".data", `mail-${port}`);
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });
let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, done) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      writeFileSync(path.join(mailDir, `${Date.now()}-${++received}.eml`), Buffer.concat(chunks));
      done();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
process.env.SMTP_HOST = "127.0.0.1";
process.env.SMTP_PORT = String(smtp.server.address().port);
if (process.env.DATABASE_URL) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query("drop schema if exists drizzle cascade; drop schema public cascade; create schema public;");
  await client.end();
} else {
  process.env.DATA_DIR = path.resolve(".data", `e2e-${port}`);
  rmSync(process.env.DATA_DIR, { recursive: true, force: true });
}
const simulatorPort = String(Number(port) + 1000);
const simulator = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/mpesa-simulator/index.ts"], {
  stdio: ["ignore", "ignore", "inherit"],
  // A till beside the shop's Paybill, for Till payments by hand (the shop itself still prompts to the Paybill).
  env: {
    ...process.env,
    MPESA_SIMULATOR_PORT: simulatorPort,
    MPESA_SIMULATOR_CALLBACK_DELAY_MS: "1000",
    MPESA_TILL_NUMBER: "5551234",
  },
});
process.on("exit", () => simulator.kill());
Object.assign(process.env, {
  MPESA_API_URL: `http://127.0.0.1:${simulatorPort}`,
  MPESA_CONSUMER_KEY: "simulator-key",
  MPESA_CONSUMER_SECRET: "simulator-secret",
  MPESA_SHORTCODE: "174379",
  MPESA_PASSKEY: "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919",
  MPESA_CALLBACK_URL: `http://127.0.0.1:${port}`,
  MPESA_PAYMENT_WINDOW_MINUTES: "0.25",
  MPESA_RECONCILE_AFTER_SECONDS: "2",
  MPESA_RECONCILE_EVERY_SECONDS: "1",
  MPESA_GIVE_UP_MINUTES: "0.5",
  // The order page shows the payment's outcome within a second of the callback, not three.
  MPESA_PAGE_REFRESH_SECONDS: "1",
  // Every test browser comes from 127.0.0.1: only the per-phone limit is under test.
  MPESA_PUSHES_PER_ADDRESS: "100000",
  SIGN_UPS_PER_ADDRESS: "1000000",
  // Many specs order with the same details from 127.0.0.1: the pay-on-delivery counts are tested in
  // lib/orders/place-order-limits.test.ts; e2e/hardening.spec.ts tests the units and the total.
  PAY_ON_DELIVERY_PER_PHONE: "100000",
  PAY_ON_DELIVERY_PER_EMAIL: "100000",
  PAY_ON_DELIVERY_PER_ADDRESS: "100000",
  // The same for unpaid M-Pesa orders; per cart, two within the (short) payment window, which
  // e2e/mpesa-limits.spec.ts reaches.
  MPESA_UNPAID_PER_BUYER: "100000",
  MPESA_UNPAID_PER_ADDRESS: "100000",
  MPESA_UNPAID_UNITS_PER_ADDRESS: "1000000",
  MPESA_UNPAID_PER_CART: "2",
  // The same for texts per client address and a day, and for gathering one address's orders into one
  // staff bell (lib/sms/budget.test.ts and lib/notifications/staff-alerts.test.ts test them).
  SMS_ORDERS_PER_ADDRESS_PER_DAY: "1000000",
  SMS_DAILY_BUDGET: "1000000",
  NEW_ORDER_BURST_MINUTES: "0",
  MPESA_CALLBACK_TOKEN: "e2e-tests-only-callback-token-0123456789",
  MPESA_C2B_TOKEN: "e2e-tests-only-c2b-token-0123456789abcdef",
  // The simulator's default API initiator, for checks of a payment by its code.
  MPESA_INITIATOR_NAME: "testapi",
  MPESA_SECURITY_CREDENTIAL: "simulator-credential",
  // An unfinished checkout's reminder after 3 s, at any hour: e2e/winback.spec.ts waits for it.
  ABANDONED_CHECKOUT_MINUTES: "0.05",
  // Every spec saves checkouts and asks for restock alerts from 127.0.0.1: the per-address limits
  // (tested in lib/winback/checkout-reminders.test.ts and lib/stock/back-in-stock.test.ts) would stop the fourth reminder of the run.
  CHECKOUTS_SAVED_PER_ADDRESS_PER_HOUR: "1000000",
  REMINDERS_PER_ADDRESS_PER_DAY: "1000000",
  BACK_IN_STOCK_PER_ADDRESS_PER_DAY: "1000000",
  REMINDER_QUIET_HOURS: "false",
});
// A failed e-mail, text or invoice report is retried after 1 s, 2 s, 4 s … (not 10 s, 20 s …), so the
// specs that take a simulator down for a moment see it sent soon after it is back.
process.env.OUTBOX_RETRY_SECONDS = "1";
const etimsPort = String(Number(port) + 2000);
const etims = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/etims-simulator/index.ts"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, ETIMS_SIMULATOR_PORT: etimsPort },
});
process.on("exit", () => etims.kill());
Object.assign(process.env, {
  ETIMS_API_URL: `http://127.0.0.1:${etimsPort}/etims-api/`,
  ETIMS_DEVICE_SERIAL: "KT-SIM-0001",
  SHOP_KRA_PIN: "P051234567X",
  SHOP_LEGAL_NAME: "Kijani Threads Limited",
  VAT_REGISTERED: "true",
});
// The Pesapal simulator (npm run pesapal:simulator) on PORT + 3000 (but never 6000, X11's, which fetch
// refuses to call), with Airtel Money pending for 3 s and refunds approved after 1 s.
const pesapalPort = String(Number(port) + 3000 === 6000 ? 6100 : Number(port) + 3000);
const pesapal = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/pesapal-simulator/index.ts"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    PESAPAL_SIMULATOR_PORT: pesapalPort,
    PESAPAL_SIMULATOR_MOBILE_PENDING_MS: "3000",
    PESAPAL_SIMULATOR_REFUND_APPROVAL_MS: "1000",
  },
});
process.on("exit", () => pesapal.kill());
Object.assign(process.env, {
  PESAPAL_API_URL: `http://127.0.0.1:${pesapalPort}`,
  PESAPAL_CONSUMER_KEY: "simulator-key",
  PESAPAL_CONSUMER_SECRET: "simulator-secret",
  // Pesapal sends the shopper back to the host their cookies belong to (the specs' baseURL).
  PESAPAL_SHOP_URL: `http://localhost:${port}`,
  PESAPAL_GIVE_UP_MINUTES: "0.5",
});
// Not PORT + 3000 for SMS: that is Pesapal's (and for the default PORT, 6000 is X11's, which fetch refuses to call).
const smsPort = String(Number(port) + 4000);
const smsCallbackToken = "e2e-tests-only-sms-delivery-token-0123456789";
Object.assign(process.env, {
  AT_API_URL: `http://127.0.0.1:${smsPort}`,
  AT_USERNAME: "sandbox",
  AT_API_KEY: "simulator-api-key",
  AT_SENDER_ID: "KIJANI",
  AT_CALLBACK_TOKEN: smsCallbackToken,
});
const sms = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/sms-simulator/index.ts"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    SMS_SIMULATOR_PORT: smsPort,
    SMS_SIMULATOR_CALLBACK_URL: `http://127.0.0.1:${port}/api/sms/delivery/${smsCallbackToken}`,
  },
});
process.on("exit", () => sms.kill());
const whatsappPort = String(Number(port) + 5000);
Object.assign(process.env, {
  WHATSAPP_TOKEN: "simulator-token",
  WHATSAPP_PHONE_NUMBER_ID: "109876543210",
  WHATSAPP_APP_SECRET: "e2e-tests-only-whatsapp-app-secret",
  WHATSAPP_VERIFY_TOKEN: "e2e-tests-only-whatsapp-verify-token",
  // Statuses arrive within a second; an update still undelivered after 30 s is texted.
  WHATSAPP_FALLBACK_MINUTES: "0.5",
});
const whatsapp = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/whatsapp-simulator/index.ts"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    WHATSAPP_SIMULATOR_PORT: whatsappPort,
    WHATSAPP_SIMULATOR_WEBHOOK_URL: `http://127.0.0.1:${port}/api/whatsapp/webhook`,
  },
});
process.on("exit", () => whatsapp.kill());
const analyticsPort = Number(port) + 6000;
const analyticsRequests = [];
// The shop has one Graph API base (META_GRAPH_URL), as on graph.facebook.com: this stand-in keeps the
// Conversions API's events and passes every other Graph call (WhatsApp's messages) to the simulator.
const conversionsApi = /^\/v[\d.]+\/\d+\/events(\?|$)/;
createServer((request, response) => {
  if (request.method === "GET" && request.url === "/requests")
    return response.writeHead(200).end(JSON.stringify(analyticsRequests));
  if (request.url.startsWith("/v") && !conversionsApi.test(request.url)) {
    const { method, url, headers } = request;
    const forward = forwardRequest({ host: "127.0.0.1", port: whatsappPort, method, path: url, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forward.on("error", () => response.writeHead(502).end());
    return request.pipe(forward);
  }
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", () => {
    analyticsRequests.push({ url: request.url, body: JSON.parse(body || "null") });
    response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
  });
}).listen(analyticsPort, "127.0.0.1");
Object.assign(process.env, {
  GA_MEASUREMENT_ID: "G-E2ETEST1",
  GA_API_SECRET: "e2e-ga-secret",
  GA_MP_URL: `http://127.0.0.1:${analyticsPort}/mp/collect`,
  META_PIXEL_ID: "1234567890",
  META_CAPI_TOKEN: "e2e-meta-token",
  META_GRAPH_URL: `http://127.0.0.1:${analyticsPort}/v23.0`,
});
const tsx = (args, stdio = "inherit") =>
  execFileSync(path.resolve("node_modules/.bin/tsx"), ["--conditions=react-server", ...args], {
    stdio,
    encoding: "utf8",
    env: process.env,
  });
tsx(["e2e/fixtures/seed.ts"]);
// The seed makes no admin: e2e/staff.setup.ts makes the first one from the setup link, as on a fresh shop.
const setupLink = tsx(["scripts/staff.ts", "setup-link"], ["ignore", "pipe", "inherit"]).match(/https?:\/\/\S+/)[0];
writeFileSync(path.resolve(".data", `setup-link-${port}`), setupLink);
await until(() => fetch(`http://127.0.0.1:${etimsPort}/__simulator/sales`).then((response) => response.ok));
tsx(["scripts/etims.ts", "init"]);
await import("./serve.mjs");

/** Waits up to 30 s for `ready` to hold (a simulator listening). */
async function until(ready) {
  for (let tries = 0; tries < 300; tries++) {
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("The eTIMS simulator did not start");
}
