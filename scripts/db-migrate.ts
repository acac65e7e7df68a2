// npm run db:migrate: applies pending migrations (and seeds an empty catalog).
import { connect } from "@/lib/db/client";
import { seedIfEmpty } from "@/lib/catalog/seed";

const connection = await connect();
await connection.prepare(seedIfEmpty);
await connection.close();
console.log("Database is up to date.");
