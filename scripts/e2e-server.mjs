// Starts the built shop for the end-to-end tests on a fresh database:
// a new embedded data directory, or an emptied schema on the PostgreSQL server in DATABASE_URL.
// It also starts a real SMTP server on 127.0.0.1 that the shop sends its e-mails to; each message
// is written to .data/mail-<port>/ for the tests to read (e2e/support/mail.ts).
// Before the shop starts, e2e/fixtures/seed.ts adds the tests' own products to that database.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";

const port = process.env.PORT ?? "3000";
process.env.BETTER_AUTH_URL = `http://localhost:${port}`;
// Production on a PostgreSQL server requires a shared secret; the tests' own, never a shop's.
process.env.BETTER_AUTH_SECRET ??= "e2e-tests-only-secret-e2e-tests-only-secret";

const mailDir = path.resolve(".data", `mail-${port}`);
rmSync(mailDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });
let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, done) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      writeFileSync(path.join(mailDir, `${Date.now()}-${++received}.eml`), Buffer.concat(chunks));
      done();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
process.env.SMTP_HOST = "127.0.0.1";
process.env.SMTP_PORT = String(smtp.server.address().port);
if (process.env.DATABASE_URL) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query("drop schema if exists drizzle cascade; drop schema public cascade; create schema public;");
  await client.end();
} else {
  process.env.DATA_DIR = path.resolve(".data", `e2e-${port}`);
  rmSync(process.env.DATA_DIR, { recursive: true, force: true });
}
execFileSync(path.resolve("node_modules/.bin/tsx"), ["e2e/fixtures/seed.ts"], { stdio: "inherit", env: process.env });
await import("./serve.mjs");
