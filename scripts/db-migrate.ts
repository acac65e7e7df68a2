// npm run db:migrate: applies pending migrations (and seeds the embedded database's empty catalog).
import { openShopDatabase } from "@/lib/server/database";

const connection = await openShopDatabase();
await connection.close();
console.log("Database is up to date.");
