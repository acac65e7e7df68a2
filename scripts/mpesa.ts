// npm run mpesa -- register-urls
// Registers the shop's Paybill/Till (C2B) validation and confirmation URLs with Daraja for the
// shortcode. Run it once per shortcode, and again whenever the shop's address or its callback token
// changes. Safe to run again.
import { daraja } from "@/lib/payments/mpesa/daraja";
import { mpesaConfig } from "@/lib/payments/mpesa/config";
import { openShopDatabase } from "@/lib/server/database";

const config = mpesaConfig();
if (process.argv[2] !== "register-urls" || !config) {
  console.error("Usage: npm run mpesa -- register-urls    register the C2B URLs (needs every MPESA_* setting)");
  process.exit(2);
}
const connection = await openShopDatabase().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
try {
  const answer = await daraja(connection.db, config).registerC2bUrls();
  if (answer.ok) {
    console.log(`C2B URLs registered for shortcode ${config.shortcode} on ${new URL(config.c2bUrls.confirmation).origin}.`);
  } else {
    console.error(`Daraja refused the registration: ${answer.errorCode} ${answer.errorMessage}`);
    process.exitCode = 1;
  }
} finally {
  await connection.close();
}
