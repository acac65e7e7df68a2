// npm run db:migrate: applies pending migrations (and seeds the embedded database's empty catalog).
import { connect } from "@/lib/db/client";
import { demoSeedFor } from "@/lib/catalog/seed";

const connection = await connect();
await connection.prepare(demoSeedFor(connection));
await connection.close();
console.log("Database is up to date.");
