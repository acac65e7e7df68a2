// npm run db:seed [-- --delete-orders]: replaces the catalog with the demo catalog. It refuses while
// orders exist, since their products must never be deleted; --delete-orders deletes every order first.
import { reseed } from "@/lib/catalog/seed";
import { connect } from "@/lib/db";

const deleteOrders = process.argv.includes("--delete-orders");
const connection = await connect();
try {
  await connection.prepare();
  const result = await reseed(connection.db, { deleteOrders });
  if (result.ok) {
    console.log(
      `Catalog replaced with the demo catalog${result.deletedOrders ? `; ${result.deletedOrders} orders deleted` : ""}.`,
    );
  } else {
    console.error(
      `Refused: the database holds ${result.orderCount} orders, and their products would be deleted.\n` +
        "To delete every order and replace the catalog anyway: npm run db:seed -- --delete-orders",
    );
    process.exitCode = 1;
  }
} finally {
  await connection.close();
}
