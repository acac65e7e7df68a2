// `npm run mpesa:simulator`: serves the Daraja simulator (./server) until Ctrl+C. Point the shop at it with
// MPESA_API_URL and the same MPESA_* credentials; unset ones take the Daraja sandbox's public test values.
import { outcomeByLastDigit } from "./outcomes";
import { defaultSimulatorOptions, startDarajaSimulator } from "./server";

const env = process.env;
const defaults = defaultSimulatorOptions;

const simulator = await startDarajaSimulator({
  port: wholeNumberFromEnv("MPESA_SIMULATOR_PORT", 8989),
  consumerKey: env.MPESA_CONSUMER_KEY || defaults.consumerKey,
  consumerSecret: env.MPESA_CONSUMER_SECRET || defaults.consumerSecret,
  shortcode: env.MPESA_SHORTCODE || defaults.shortcode,
  passkey: env.MPESA_PASSKEY || defaults.passkey,
  tillNumber: env.MPESA_TILL_NUMBER || undefined,
  callbackDelayMs: wholeNumberFromEnv("MPESA_SIMULATOR_CALLBACK_DELAY_MS", defaults.callbackDelayMs),
  c2bValidation: env.MPESA_SIMULATOR_C2B_VALIDATION === "1",
  initiatorName: env.MPESA_INITIATOR_NAME || defaults.initiatorName,
  securityCredential: env.MPESA_SECURITY_CREDENTIAL || defaults.securityCredential,
  log: (line) => console.log(line),
});

const till = env.MPESA_TILL_NUMBER ? `, till ${env.MPESA_TILL_NUMBER}` : "";
console.log(`Daraja simulator on ${simulator.url} (shortcode ${env.MPESA_SHORTCODE || defaults.shortcode}${till})`);
console.log("The last digit of the PhoneNumber decides what happens:");
console.table(
  Object.fromEntries(
    Object.entries(outcomeByLastDigit).map(([digit, { description, result }]) => [
      digit,
      { outcome: description, ResultCode: result?.code ?? "-" },
    ]),
  ),
);

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
