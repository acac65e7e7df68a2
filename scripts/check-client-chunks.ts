// `npm run check:client-chunks`, after `npm run build`: fails if any chunk the browser can download
// contains a server-only library (drizzle, pg, PGlite, sharp, nodemailer, Better Auth's server).
import { existsSync } from "node:fs";
import { findServerCode } from "./client-chunks";

const staticDir = ".next/static";
if (!existsSync(staticDir)) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const found = findServerCode(staticDir);
for (const { file, library } of found) console.error(`${library} is in the client chunk ${staticDir}/${file}`);
if (found.length) {
  console.error("A client component imports server code: move what it needs into a module without it.");
  process.exit(1);
}
console.log("Client chunks are free of server-only libraries.");
