// `npm run sms:simulator`: serves the Africa's Talking SMS simulator (./server) until Ctrl+C, with its
// inbox at /__simulator/inbox. Point the shop at it with AT_API_URL and the same AT_USERNAME and
// AT_API_KEY; SMS_SIMULATOR_CALLBACK_URL is where it posts delivery reports.
import { outcomeByLastDigit } from "./outcomes";
import { defaultSmsOptions, startSmsSimulator } from "./server";

const env = process.env;
const port = env.SMS_SIMULATOR_PORT ?? "8990";
if (!/^\d+$/.test(port)) {
  console.error(`SMS_SIMULATOR_PORT must be a whole number, not "${port}"`);
  process.exit(1);
}
const simulator = await startSmsSimulator({
  port: Number(port),
  username: env.AT_USERNAME || defaultSmsOptions.username,
  apiKey: env.AT_API_KEY || defaultSmsOptions.apiKey,
  senderIds: env.AT_SENDER_ID ? [env.AT_SENDER_ID] : defaultSmsOptions.senderIds,
  callbackUrl: env.SMS_SIMULATOR_CALLBACK_URL || undefined,
  log: (line) => console.log(line),
});

console.log(`Africa's Talking SMS simulator on ${simulator.url} (inbox: ${simulator.url}/__simulator/inbox)`);
console.log("The last digit of each number decides what happens:");
console.table(
  Object.fromEntries(
    Object.entries(outcomeByLastDigit).map(([digit, outcome]) => [
      digit,
      { outcome: outcome.description, statusCode: outcome.statusCode, reports: outcome.reports.map((r) => r.status).join(", ") },
    ]),
  ),
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, async () => {
    await simulator.close();
    process.exit(0);
  });
}
