// npm run db:restore -- FILE [--force]: replaces the shop's database with a backup made by
// npm run db:backup. Stop the shop first: the embedded database refuses while it runs, and
// instances on a PostgreSQL server would keep serving what they cached. Without --force it
// refuses to replace a database that holds data, and says what that data is.
import { restore, shopDatabase } from "@/lib/db/backup";

const args = process.argv.slice(2);
const force = args.includes("--force");
const files = args.filter((arg) => arg !== "--force");
if (files.length !== 1 || files[0].startsWith("-")) {
  console.error("Usage: npm run db:restore -- FILE [--force]\n  --force  destroy the data the database holds now");
  process.exit(2);
}

const [file] = files;
try {
  const replaced = await restore(shopDatabase(), file, { force });
  console.log(replaced ? `Replaced the database (${replaced}) with ${file}.` : `Restored ${file}.`);
  console.log("The next start applies any newer migrations.");
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
