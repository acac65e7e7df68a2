// `npm run pesapal:simulator`: serves the Pesapal API 3.0 simulator (./server) until Ctrl+C. Point the shop
// at it with PESAPAL_API_URL and the same PESAPAL_CONSUMER_KEY and PESAPAL_CONSUMER_SECRET.
import { defaultPesapalOptions, startPesapalSimulator } from "./server";

const env = process.env;
const defaults = defaultPesapalOptions;

const simulator = await startPesapalSimulator({
  port: wholeNumberFromEnv("PESAPAL_SIMULATOR_PORT", 8990),
  consumerKey: env.PESAPAL_CONSUMER_KEY || defaults.consumerKey,
  consumerSecret: env.PESAPAL_CONSUMER_SECRET || defaults.consumerSecret,
  mobilePendingMs: wholeNumberFromEnv("PESAPAL_SIMULATOR_MOBILE_PENDING_MS", defaults.mobilePendingMs),
  refundApprovalMs: wholeNumberFromEnv("PESAPAL_SIMULATOR_REFUND_APPROVAL_MS", defaults.refundApprovalMs),
  log: (line) => console.log(line),
});

console.log(`Pesapal simulator on ${simulator.url}`);
console.log("Its payment page pays by card, pays by Airtel Money (pending a while), or declines.");
console.log("POST /__simulator/ipn-mode {mode: normal | late | twice | never} chooses how the next payments' IPNs go.");

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await simulator.close();
    process.exit(0);
  });
}

function wholeNumberFromEnv(name: string, fallback: number): number {
  const value = env[name];
  if (!value) return fallback;
  if (!/^\d+$/.test(value)) {
    console.error(`${name} must be a whole number, not "${value}"`);
    process.exit(1);
  }
  return Number(value);
}
