// `npm run whatsapp:simulator`: serves the WhatsApp Cloud API simulator (./server) until Ctrl+C, with
// its inbox at /__simulator/inbox. Point the shop at it with META_GRAPH_URL=<url>/v23.0 and the same
// WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_APP_SECRET; WHATSAPP_SIMULATOR_WEBHOOK_URL is
// where it posts its signed webhooks (the shop's /api/whatsapp/webhook).
import { defaultWhatsappOptions, outcomeByLastDigit, startWhatsappSimulator } from "./server";

const env = process.env;
const port = env.WHATSAPP_SIMULATOR_PORT ?? "8991";
if (!/^\d+$/.test(port)) {
  console.error(`WHATSAPP_SIMULATOR_PORT must be a whole number, not "${port}"`);
  process.exit(1);
}
const simulator = await startWhatsappSimulator({
  port: Number(port),
  token: env.WHATSAPP_TOKEN || defaultWhatsappOptions.token,
  phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID || defaultWhatsappOptions.phoneNumberId,
  appSecret: env.WHATSAPP_APP_SECRET || defaultWhatsappOptions.appSecret,
  webhookUrl: env.WHATSAPP_SIMULATOR_WEBHOOK_URL || undefined,
  log: (line) => console.log(line),
});

console.log(`WhatsApp Cloud API simulator on ${simulator.url}/v23.0 (inbox: ${simulator.url}/__simulator/inbox)`);
console.log("Approved templates (body placeholders):", defaultWhatsappOptions.templates);
console.log("The last digit of each number decides the statuses posted (any other: sent, delivered):");
console.table(Object.fromEntries(Object.entries(outcomeByLastDigit).map(([digit, outcome]) => [digit, outcome])));

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await simulator.close();
    process.exit(0);
  });
}
