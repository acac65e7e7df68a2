// `npm run test:crash`: guest orders and sign-ups run in parallel against the built shop while its
// server is killed with `kill -9` at random moments and restarted, on a database created before
// the crashes (the PostgreSQL database in DATABASE_URL, emptied first, else a scratch embedded
// DATA_DIR). Afterwards: every order and account the shop acknowledged is stored, no order exists
// twice, every variant's stock plus the units ordered equals its starting stock, every
// acknowledged pay-on-delivery order's e-mail reached the test SMTP server, and every sale (half the orders pay by
// M-Pesa, through the Daraja simulator) has exactly one tax invoice, numbered without gaps and
// reported exactly once to the eTIMS simulator. Meanwhile Paybill and Till payments arrive by hand (M-Pesa
// C2B, naming no order): each confirmation the shop did not answer is sent again, as Daraja does, and
// every payment is stored exactly once. A quarter of the guest orders pay by card through the Pesapal
// simulator, whose notifications (IPNs) arriving while the shop is down are sent again until
// acknowledged: every payment Pesapal completed is stored exactly once, paid. Some shoppers choose
// WhatsApp: each of their updates reaches the Cloud API simulator exactly once and no SMS does, and
// the status webhooks it sends while the shop is down are sent again, as Meta does, until every
// update is stored as read. All on 127.0.0.1.
// CRASH_SECONDS (default 40) of load, CRASH_KILLS (4) kills, CRASH_PORT (3420; it refuses to start,
// naming the port, when that one is taken).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { promisify } from "node:util";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { inArray, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { seedIfEmpty } from "@/lib/catalog/seed";
import { seedProducts } from "@/lib/catalog/seed-data";
import { connect } from "@/lib/db";
import { c2bPayments, invoices, orders, payments, user, whatsappMessages } from "@/lib/db/schema";
import { startEtimsSimulator } from "./etims-simulator/server";
import { startDarajaSimulator } from "./mpesa-simulator/server";
import { startPesapalSimulator } from "./pesapal-simulator/server";
import { defaultSmsOptions, startSmsSimulator } from "./sms-simulator/server";
import { defaultWhatsappOptions, outcomeFor, startWhatsappSimulator } from "./whatsapp-simulator/server";
import { refuseBusyPorts } from "./instances/ports";
import { emptyPostgres, ensureBuild, type Instance, startInstance } from "./instances/server";
import { Shopper } from "./instances/shopper";

const port = Number(process.env.CRASH_PORT ?? 3420);
const loadMs = Number(process.env.CRASH_SECONDS ?? 40) * 1000;
const kills = Number(process.env.CRASH_KILLS ?? 4);
const shoppers = 4;
const databaseUrl = process.env.DATABASE_URL;
const baseUrl = `http://127.0.0.1:${port}`;

await refuseBusyPorts([port], "CRASH_PORT");
ensureBuild();
const dir = mkdtempSync(path.join(tmpdir(), "shop-crash-"));
const where = databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dir, "data") };
const recipients = new Set<string>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, done) {
    stream.resume();
    stream.on("end", () => {
      for (const { address } of session.envelope.rcptTo) recipients.add(address.toLowerCase());
      done();
    });
  },
});
// A shop killed mid-message resets its connection: expected here, not a failure of the test.
smtp.on("error", () => {});
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
// A confirmation sent while the shop is down is sent again every second for a minute, as Daraja retries one.
const daraja = await startDarajaSimulator({
  callbackDelayMs: 500,
  tillNumber: "5551234",
  confirmationRetryMs: 1000,
  confirmationRetries: 60,
});
const etims = await startEtimsSimulator();
// An IPN the shop does not acknowledge (down, killed) is sent again every second for a minute.
const pesapal = await startPesapalSimulator({ ipnRetryMs: 1000, ipnRetries: 60 });
const sms = await startSmsSimulator();
// A status webhook the shop does not answer 200 (down, killed) is sent again every second for a minute.
const whatsapp = await startWhatsappSimulator({
  webhookUrl: `${baseUrl}/api/whatsapp/webhook`,
  // Statuses spread over 4.5 s after each send, so that kills find some of them on their way.
  statusDelayMs: 1500,
  webhookRetryMs: 1000,
  webhookRetries: 60,
});
const env = {
  NODE_ENV: "production" as const,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: where.dataDir! }),
  BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
  BETTER_AUTH_URL: baseUrl,
  SITE_URL: baseUrl,
  SMTP_HOST: "127.0.0.1",
  SMTP_PORT: String((smtp.server.address() as { port: number }).port),
  OUTBOX_POLL_MS: "200",
  // An e-mail claimed just before a kill is sent again once its lease has passed: a short one here.
  OUTBOX_LEASE_SECONDS: "10",
  // Every simulated shopper signs up from 127.0.0.1.
  SIGN_UPS_PER_ADDRESS: "1000000",
  // Every shopper orders from 127.0.0.1 with one phone: the limits are not under test here.
  PAY_ON_DELIVERY_PER_PHONE: "100000",
  PAY_ON_DELIVERY_PER_ADDRESS: "100000",
  MPESA_API_URL: daraja.url,
  MPESA_CONSUMER_KEY: "simulator-key",
  MPESA_CONSUMER_SECRET: "simulator-secret",
  MPESA_SHORTCODE: "174379",
  // The simulator's Till: the shop refuses a payment to a number that is not its Paybill or Till.
  MPESA_TILL_NUMBER: "5551234",
  MPESA_PASSKEY: "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919",
  MPESA_CALLBACK_URL: baseUrl,
  MPESA_CALLBACK_TOKEN: randomBytes(32).toString("base64url"),
  // A callback sent while the shop is down is lost: the reconciler asks M-Pesa soon after.
  MPESA_RECONCILE_AFTER_SECONDS: "2",
  MPESA_RECONCILE_EVERY_SECONDS: "1",
  MPESA_PUSHES_PER_ADDRESS: "100000",
  PESAPAL_API_URL: pesapal.url,
  PESAPAL_CONSUMER_KEY: "simulator-key",
  PESAPAL_CONSUMER_SECRET: "simulator-secret",
  AT_API_URL: sms.url,
  AT_USERNAME: defaultSmsOptions.username,
  AT_API_KEY: defaultSmsOptions.apiKey,
  META_GRAPH_URL: `${whatsapp.url}/v23.0`,
  WHATSAPP_TOKEN: defaultWhatsappOptions.token,
  WHATSAPP_PHONE_NUMBER_ID: defaultWhatsappOptions.phoneNumberId,
  WHATSAPP_APP_SECRET: defaultWhatsappOptions.appSecret,
  WHATSAPP_VERIFY_TOKEN: randomBytes(16).toString("base64url"),
  ETIMS_API_URL: etims.apiUrl,
  ETIMS_DEVICE_SERIAL: "KT-SIM-0001",
  SHOP_KRA_PIN: "P051234567X",
  VAT_REGISTERED: "true",
};
/**
 * A phone of its own for each M-Pesa or WhatsApp order (prompts and updates per phone are limited),
 * ending in 0: the M-Pesa simulator pays, and the WhatsApp one reports each message sent, delivered and read.
 */
const payingPhone = (attempt: number) => `07${String(attempt % 10_000_000).padStart(7, "0")}0`;
const logFile = path.join(dir, "shop.log");
const start = () => startInstance(port, env, logFile);

const acknowledged = {
  orders: new Map<string, string>(),
  accounts: [] as string[],
  podEmails: [] as string[],
  mpesaOrders: 0,
  pesapalOrders: 0,
  /** Orders whose shopper chose WhatsApp: their phones, and whether they pay on delivery (confirmed at once). */
  whatsappOrders: new Map<string, { phone: string; onDelivery: boolean }>(),
  /** Paybill/Till payments M-Pesa took, by code: their amounts. */
  c2b: new Map<string, number>(),
};
let failures: string[] = [];
let server: Instance | undefined;
try {
  console.log(
    `Crash test on ${databaseUrl ? "PostgreSQL" : "the embedded database"}: ${loadMs / 1000} s of load, ${kills} kills.`,
  );
  if (databaseUrl) {
    await emptyPostgres(databaseUrl);
    // The shop seeds only its embedded database; a PostgreSQL one gets the demo catalog here.
    const seeding = await connect(where);
    await seeding.prepare(seedIfEmpty);
    await seeding.close();
  }
  // The first start creates, migrates (and, embedded, seeds) the database; the crashes come after.
  await (await start()).stop();
  // Asynchronously: the eTIMS simulator answering it runs in this process.
  for (const command of [
    ["scripts/etims.ts", "init"],
    ["scripts/mpesa.ts", "register-urls"],
  ]) {
    await promisify(execFile)(path.resolve("node_modules/.bin/tsx"), ["--conditions=react-server", ...command], {
      env: { ...process.env, ...env },
    });
  }
  const startingStock = await stockLevels();
  server = await start();

  let loading = true;
  let attempt = 0;
  const load = [
    ...Array.from({ length: shoppers }, async () => {
      while (loading) await shopOnce(++attempt, () => loading);
    }),
    (async () => {
      for (let payment = 1; loading; payment++) await payByHand(payment);
    })(),
  ];
  // On a loaded machine a restart can take most of the load's time: each kill waits until the shop
  // has acknowledged something since it started, so that every kill finds work in flight.
  const progress = () => acknowledged.orders.size + acknowledged.accounts.length;
  for (let kill = 1; kill <= kills; kill++) {
    const before = progress();
    await sleep(500 + Math.random() * (loadMs / kills - 500));
    await until(() => progress() > before, 60_000);
    server.process.kill("SIGKILL");
    await server.stop();
    console.log(
      `kill -9 number ${kill}; ${acknowledged.orders.size} orders and ${acknowledged.accounts.length} accounts acknowledged so far`,
    );
    server = await start();
  }
  await sleep(2000);
  // And the load goes on until every kind of order has been acknowledged once, whatever the kills hit.
  await until(
    () =>
      acknowledged.podEmails.length > 0 &&
      acknowledged.mpesaOrders > 0 &&
      acknowledged.pesapalOrders > 0 &&
      acknowledged.whatsappOrders.size > 0,
    90_000,
  );
  loading = false;
  await Promise.all(load);

  // An M-Pesa order's e-mail waits for its payment, which a kill may have kept from starting: the
  // e-mails awaited are the pay-on-delivery orders'; M-Pesa orders are checked by their invoices.
  const emails = [...acknowledged.podEmails];
  const deadline = Date.now() + (Number(env.OUTBOX_LEASE_SECONDS) + 30) * 1000;
  const sales = acknowledged.mpesaOrders + acknowledged.pesapalOrders;
  const settled = () => emails.every((email) => recipients.has(email)) && etims.sales().length >= sales && whatsappSettled();
  await until(settled, deadline - Date.now());
  const allConfirmed = () => daraja.handPayments().every((payment) => payment.confirmed);
  await until(allConfirmed, deadline - Date.now());
  await server.stop();
  server = undefined;
  failures = await check(startingStock, emails);
} catch (error) {
  failures.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await server?.stop();
  smtp.close();
  await Promise.all([daraja.close(), etims.close(), pesapal.close(), sms.close(), whatsapp.close()]);
}
if (failures.length > 0) {
  console.error(`Crash test FAILED:\n- ${failures.join("\n- ")}\nThe shop's log: ${logFile}`);
  process.exit(1);
}
console.log(
  `Crash test passed: ${acknowledged.orders.size} orders and ${acknowledged.accounts.length} accounts acknowledged, all stored, stock consistent, every pay-on-delivery order e-mailed, every M-Pesa and Pesapal sale invoiced and reported once, all ${acknowledged.c2b.size} Paybill/Till payments and ${acknowledged.pesapalOrders} Pesapal payments stored once, ${whatsapp.messages().length} WhatsApp updates for ${acknowledged.whatsappOrders.size} orders sent once and read (${webhooksRefused()} status webhooks sent again), none texted.`,
);
rmSync(dir, { recursive: true, force: true });

/** One shopper's visit: a sign-up (a third of them) or a guest order of one unit, retried through restarts. */
async function shopOnce(attempt: number, loading: () => boolean) {
  const shopper = new Shopper(baseUrl);
  const email = `crash-${attempt}-${Date.now().toString(36)}@example.com`;
  if (attempt % 3 === 0) {
    if (await retried(() => shopper.signUp(email, "Kijani#2024"), loading)) acknowledged.accounts.push(email);
    return;
  }
  const product = seedProducts[attempt % 6];
  if (!(await retried(() => shopper.addToCart(product.slug), loading))) return;
  const byMpesa = attempt % 2 === 0;
  const byPesapal = attempt % 4 === 1;
  // Half of the M-Pesa orders, and those paid on delivery.
  const byWhatsapp = attempt % 4 >= 2;
  const phone = byMpesa || byWhatsapp ? payingPhone(attempt) : undefined;
  const checkout = await retried(() => shopper.checkoutFields(email, phone), loading);
  const method = byMpesa ? "mpesa" : byPesapal ? "pesapal" : "pay_on_delivery";
  const fields = checkout && { ...checkout, paymentMethod: method, ...(byWhatsapp && { whatsappUpdates: "on" }) };
  if (fields && byPesapal) return payByCard(shopper, fields, email, loading);
  // The same fields (the same idempotency key) again after a lost answer: still one order.
  const number = fields && (await retried(() => shopper.placeOrder(fields), loading));
  if (!number) return;
  acknowledged.orders.set(number, email);
  if (byWhatsapp) acknowledged.whatsappOrders.set(number, { phone: phone!, onDelivery: !byMpesa });
  if (byMpesa) acknowledged.mpesaOrders++;
  else acknowledged.podEmails.push(email);
}

/**
 * A guest's order paid by card: the checkout sends the shopper to Pesapal's page (the simulator's),
 * where they pay; the simulator then notifies the shop, again and again while it is down.
 */
async function payByCard(shopper: Shopper, fields: Record<string, string>, email: string, loading: () => boolean) {
  const answer = await retried(() => shopper.postCheckout(fields), loading);
  const page = answer?.status === 303 ? answer.headers.get("location") : null;
  if (!page?.startsWith(pesapal.url)) return;
  const paid = await fetch(page, { method: "POST", body: new URLSearchParams({ choice: "card" }), redirect: "manual" });
  if (paid.status !== 302) throw new Error(`The Pesapal simulator refused a payment: ${paid.status}`);
  const number = /KT-[A-Z0-9]{7}/.exec(new URL(paid.headers.get("location")!).searchParams.get("OrderMerchantReference") ?? "");
  if (!number) return;
  acknowledged.orders.set(number[0], email);
  acknowledged.pesapalOrders++;
}

/** Every payment Pesapal completed is stored once, paid, with its confirmation code. */
async function pesapalProblems(): Promise<string[]> {
  const completed = [...pesapal.transactions.values()].filter((transaction) => transaction.statusCode === 1);
  const connection = await connect(where);
  try {
    const stored = await connection.db
      .select({ trackingId: payments.trackingId, status: payments.status, code: payments.providerReference })
      .from(payments)
      .where(sql`${payments.method} = 'pesapal'`);
    const problems: string[] = [];
    for (const transaction of completed) {
      const rows = stored.filter((row) => row.trackingId === transaction.trackingId);
      if (rows.length !== 1 || rows[0].status !== "paid" || rows[0].code !== transaction.confirmationCode)
        problems.push(
          `Pesapal payment ${transaction.merchantReference} stored ${rows.length} times, ${rows[0]?.status ?? "not"} paid`,
        );
    }
    if (completed.length === 0) problems.push("no Pesapal payment was made: the card payments did not run");
    return problems;
  } finally {
    await connection.close();
  }
}

/**
 * Whether the WhatsApp updates awaited have reached the simulator, and each of their statuses has
 * been answered (or given up on): the confirmations of the orders paid on delivery, and of the M-Pesa
 * orders M-Pesa took a payment for. (The embedded database cannot be read while the shop runs.)
 */
function whatsappSettled(): boolean {
  const sent = whatsapp.messages();
  const paidByMpesa = new Set(
    daraja
      .pushes()
      .filter((push) => push.receipt !== null)
      .map((push) => push.AccountReference),
  );
  const awaited = [...acknowledged.whatsappOrders].filter(([number, order]) => order.onDelivery || paidByMpesa.has(number));
  return (
    awaited.every(([number]) => sent.some((message) => message.parameters.includes(number))) &&
    sent.every((message) => message.statuses.length === outcomeFor(message.to).statuses.length)
  );
}

/**
 * Every WhatsApp update the shop queued reached the simulator exactly once (by the key it carries as
 * biz_opaque_callback_data) and is stored as read under that message's id; every order paid on
 * delivery whose shopper chose WhatsApp has its confirmation; none of their phones got an SMS.
 */
async function whatsappProblems(): Promise<string[]> {
  const connection = await connect(where);
  try {
    const stored = await connection.db
      .select({ key: whatsappMessages.key, state: whatsappMessages.state, id: whatsappMessages.providerMessageId })
      .from(whatsappMessages);
    const sent = whatsapp.messages();
    const problems: string[] = [];
    for (const update of stored) {
      const copies = sent.filter((message) => message.reference === update.key);
      if (copies.length !== 1) problems.push(`WhatsApp update ${update.key} sent ${copies.length} times`);
      else if (update.state !== "read" || update.id !== copies[0].id)
        problems.push(`WhatsApp update ${update.key} stored as ${update.state}, not read under its message's id`);
    }
    const unknown = sent.filter((message) => !stored.some((update) => update.key === message.reference));
    if (unknown.length) problems.push(`WhatsApp messages the shop has no record of: ${unknown.length}`);
    const chosen = [...acknowledged.whatsappOrders.entries()];
    const unconfirmed = chosen
      .filter(([number, order]) => order.onDelivery && !stored.some((update) => update.key.endsWith(`:${number}`)))
      .map(([number]) => number);
    if (unconfirmed.length) problems.push(`no WhatsApp confirmation for ${unconfirmed.join(", ")}`);
    const phones = new Set(chosen.map(([, order]) => `+254${order.phone.slice(1)}`));
    const texted = sms.messages().filter((message) => phones.has(message.to));
    if (texted.length)
      problems.push(`SMS sent to shoppers who chose WhatsApp: ${texted.map((message) => message.to).join(", ")}`);
    return problems;
  } finally {
    await connection.close();
  }
}

/** How many status webhooks found the shop down or killed at their first post. */
function webhooksRefused(): number {
  const statuses = whatsapp.messages().flatMap((message) => message.statuses);
  return statuses.reduce((sum, status) => sum + status.attempts - 1, 0);
}

/** A Paybill (or, every third, a Till) payment naming no order, made in the simulator every 200 ms or so. */
async function payByHand(payment: number) {
  const amount = 100 + (payment % 50);
  const kind = payment % 3 === 0 ? "till" : "paybill";
  const response = await fetch(`${daraja.url}/__simulator/c2b/pay`, {
    method: "POST",
    body: JSON.stringify({ kind, amount, phone: "254799000111", account: `CRASH ${payment}` }),
  });
  if (!response.ok) throw new Error(`The simulator refused a payment by hand: ${response.status} ${await response.text()}`);
  acknowledged.c2b.set(((await response.json()) as { TransID: string }).TransID, amount);
  await sleep(150 + Math.random() * 100);
}

/** The Paybill/Till payments the shop stored. */
async function storedC2b() {
  const connection = await connect(where);
  try {
    return await connection.db
      .select({ transId: c2bPayments.transId, amount: c2bPayments.amount, status: c2bPayments.status })
      .from(c2bPayments);
  } finally {
    await connection.close();
  }
}

/** Every Paybill/Till payment M-Pesa took is stored once, with its amount, unmatched (it named no order); no other. */
async function c2bProblems(): Promise<string[]> {
  const stored = await storedC2b();
  const problems: string[] = [];
  const lost = [...acknowledged.c2b.keys()].filter((code) => !stored.some((row) => row.transId === code));
  if (lost.length) problems.push(`Paybill/Till payments lost: ${lost.join(", ")}`);
  const wrong = stored.filter((row) => acknowledged.c2b.get(row.transId) !== row.amount || row.status !== "unmatched");
  if (wrong.length) problems.push(`Paybill/Till payments stored wrong or unknown: ${wrong.map((row) => row.transId).join(", ")}`);
  if (acknowledged.c2b.size === 0) problems.push("no Paybill/Till payment was made: the payments did not run");
  return problems;
}

/** Waits until `done()` holds, or `ms` have passed. */
async function until(done: () => boolean, ms: number) {
  const giveUp = Date.now() + ms;
  while (!done() && Date.now() < giveUp) await sleep(250);
}

/** Runs `step` again while the server is down (a refused or broken connection), for 30 s at most. */
async function retried<T>(step: () => Promise<T>, loading: () => boolean): Promise<T | null> {
  const giveUp = Date.now() + 30_000;
  for (;;) {
    try {
      return await step();
    } catch (error) {
      if (!(error instanceof TypeError || (error as Error).name === "TimeoutError")) throw error;
      if (Date.now() > giveUp || !loading()) return null;
      await sleep(250);
    }
  }
}

/** Every variant's stock, by id. */
async function stockLevels(): Promise<Map<number, number>> {
  const connection = await connect(where);
  try {
    const { rows } = (await connection.db.execute(sql`select id, stock from variants`)) as unknown as {
      rows: { id: number; stock: number }[];
    };
    return new Map(rows.map((row) => [row.id, row.stock]));
  } finally {
    await connection.close();
  }
}

/** What must hold after the crashes; the list of what does not. */
async function check(startingStock: Map<number, number>, emails: string[]): Promise<string[]> {
  const problems: string[] = [];
  const numbers = [...acknowledged.orders.keys()];
  const connection = await connect(where);
  try {
    const { db } = connection;
    const stored = numbers.length
      ? await db.select({ number: orders.number }).from(orders).where(inArray(orders.number, numbers))
      : [];
    const missing = numbers.filter((number) => !stored.some((row) => row.number === number));
    if (missing.length) problems.push(`acknowledged orders missing: ${missing.join(", ")}`);

    const { rows: twice } = (await db.execute(
      sql`select email, count(*)::int as count from orders group by email having count(*) > 1`,
    )) as unknown as { rows: { email: string; count: number }[] };
    if (twice.length) problems.push(`orders stored twice: ${twice.map((row) => `${row.email} (${row.count})`).join(", ")}`);

    const accounts = acknowledged.accounts.length
      ? await db.select({ email: user.email }).from(user).where(inArray(user.email, acknowledged.accounts))
      : [];
    if (accounts.length !== acknowledged.accounts.length) {
      const found = new Set(accounts.map((row) => row.email));
      problems.push(`acknowledged accounts missing: ${acknowledged.accounts.filter((email) => !found.has(email)).join(", ")}`);
    }

    const { rows: levels } = (await db.execute(sql`
      select v.id, v.stock, coalesce(sum(l.quantity) filter (where o.status <> 'cancelled'), 0)::int as ordered
      from variants v left join order_lines l on l.variant_id = v.id left join orders o on o.id = l.order_id
      group by v.id`)) as unknown as { rows: { id: number; stock: number; ordered: number }[] };
    for (const { id, stock, ordered } of levels) {
      if (stock + ordered !== startingStock.get(id)) {
        problems.push(`variant ${id}: stock ${stock} + ordered ${ordered} != starting stock ${startingStock.get(id)}`);
      }
    }
  } finally {
    await connection.close();
  }
  problems.push(
    ...(await invoiceProblems()),
    ...(await c2bProblems()),
    ...(await pesapalProblems()),
    ...(await whatsappProblems()),
  );
  if (acknowledged.whatsappOrders.size === 0) problems.push("no shopper chose WhatsApp: the WhatsApp orders did not run");
  const unmailed = emails.filter((email) => !recipients.has(email));
  if (unmailed.length) problems.push(`no e-mail for the orders of: ${unmailed.join(", ")}`);
  if (numbers.length === 0) problems.push("no order was acknowledged: the load did not run");
  return problems;
}

/** Every sale has one invoice, numbered 1…N without gaps, each reported to eTIMS exactly once. */
async function invoiceProblems(): Promise<string[]> {
  const problems: string[] = [];
  const connection = await connect(where);
  try {
    const { db } = connection;
    const { rows: sales } = (await db.execute(sql`
      select o.number, count(i.id)::int as invoices
      from orders o join payments p on p.order_id = o.id and p.status = 'paid' and p.method in ('mpesa', 'pesapal')
      left join invoices i on i.order_id = o.id and i.kind = 'sale'
      group by o.number`)) as unknown as { rows: { number: string; invoices: number }[] };
    const wrong = sales.filter((sale) => sale.invoices !== 1);
    if (wrong.length)
      problems.push(`sales without exactly one invoice: ${wrong.map((sale) => `${sale.number} (${sale.invoices})`).join(", ")}`);
    if (sales.length === 0) problems.push("no M-Pesa sale was paid: the sales did not run");

    const issued = await db.select({ number: invoices.number, state: invoices.reportState }).from(invoices);
    const numbers = issued.map((invoice) => invoice.number).sort((a, b) => a - b);
    if (numbers.some((number, index) => number !== index + 1)) problems.push(`invoice numbers with gaps: ${numbers.join(", ")}`);
    const unreported = issued.filter((invoice) => invoice.state !== "reported");
    if (unreported.length) problems.push(`invoices not reported: ${unreported.map((invoice) => invoice.number).join(", ")}`);
    const atKra = etims
      .sales()
      .map((sale) => sale.invcNo)
      .sort((a, b) => a - b);
    if (atKra.join() !== numbers.join())
      problems.push(`eTIMS holds invoices ${atKra.join(", ")}; the shop issued ${numbers.join(", ")}`);
  } finally {
    await connection.close();
  }
  return problems;
}
