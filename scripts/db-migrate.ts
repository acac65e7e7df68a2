// npm run db:migrate: applies pending migrations (and seeds the embedded database's empty catalog).
// The release step: with a pooled DATABASE_URL, migrate through DATABASE_URL_UNPOOLED, a direct connection.
import { env } from "@/lib/env";
import { openShopDatabase } from "@/lib/server/database";

const connection = await openShopDatabase({ url: env().DATABASE_URL_UNPOOLED });
await connection.close();
console.log("Database is up to date.");
