// npm run etims -- init
// Initialises the shop's eTIMS device once (selectInitOsdcInfo) and stores its communication key in
// the database; invoices issued before then are queued for KRA. Safe to run again.
import { initialiseDevice } from "@/lib/etims/device";
import { openShopDatabase } from "@/lib/server/database";

if (process.argv[2] !== "init") {
  console.error("Usage: npm run etims -- init    initialise the eTIMS device (ETIMS_API_URL, ETIMS_DEVICE_SERIAL, SHOP_KRA_PIN)");
  process.exit(2);
}
const connection = await openShopDatabase().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
try {
  const result = await initialiseDevice(connection.db);
  if (!result.ok) {
    console.error(result.error);
    process.exitCode = 1;
  } else {
    console.log(`eTIMS device initialised: control unit ${result.controlUnitId}; ${result.queued} invoice(s) queued for KRA.`);
  }
} catch (error) {
  console.error(`eTIMS could not be reached: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await connection.close();
}
