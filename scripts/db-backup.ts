// npm run db:backup -- FILE: writes a backup of the shop's database to FILE. On a PostgreSQL server
// (DATABASE_URL) at any time, with pg_dump; on the embedded database while the shop is stopped.
import { backup, shopDatabase } from "@/lib/db/backup";

const args = process.argv.slice(2);
if (args.length !== 1 || args[0].startsWith("-")) {
  console.error("Usage: npm run db:backup -- FILE");
  process.exit(2);
}

const [file] = args;
try {
  await backup(shopDatabase(), file);
  console.log(`Backed up the database to ${file}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
