// `npm run etims:simulator`: serves the KRA eTIMS OSCU simulator (./server) until Ctrl+C, with the receipts
// it received at /__simulator/receipts. Point the shop at it with ETIMS_API_URL and the same PIN, branch and
// device serial; unset ones take the simulator's defaults. With ETIMS_CONSUMER_KEY and ETIMS_CONSUMER_SECRET
// set, every call also needs a token from /v1/token/generate.
import { defaultEtimsOptions, startEtimsSimulator } from "./server";

const env = process.env;
const defaults = defaultEtimsOptions;

const options = {
  port: wholeNumberFromEnv("ETIMS_SIMULATOR_PORT", 8991),
  tin: env.ETIMS_SIMULATOR_TIN || defaults.tin,
  bhfId: env.ETIMS_BRANCH_ID || defaults.bhfId,
  dvcSrlNo: env.ETIMS_DEVICE_SERIAL || defaults.dvcSrlNo,
  consumerKey: env.ETIMS_CONSUMER_KEY || undefined,
  consumerSecret: env.ETIMS_CONSUMER_SECRET || undefined,
  log: (line: string) => console.log(line),
};
const simulator = await startEtimsSimulator(options);

console.log(`KRA eTIMS OSCU simulator: set ETIMS_API_URL=${simulator.apiUrl}`);
console.log(`Device: tin ${options.tin}, bhfId ${options.bhfId}, dvcSrlNo ${options.dvcSrlNo} (cmcKey ${simulator.cmcKey})`);
const tokens = options.consumerKey && options.consumerSecret;
console.log(tokens ? "Every call needs a Bearer token from /v1/token/generate." : "No Bearer token needed.");
console.log(`Receipts: ${simulator.url}/__simulator/receipts`);

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
