// npm run db:seed: replaces the catalog with the seed data.
import { connect } from "@/lib/db/client";
import { reseed, seedIfEmpty } from "@/lib/catalog/seed";

const connection = await connect();
await connection.prepare(seedIfEmpty);
await reseed(connection.db);
await connection.close();
console.log("Catalog re-seeded.");
