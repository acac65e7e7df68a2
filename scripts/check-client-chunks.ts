// `npm run check:client-chunks`, after `npm run build`: fails if any chunk the browser can download
// contains a server-only library (drizzle, pg, PGlite, sharp, nodemailer, Better Auth's server) or classic zod.
import { existsSync } from "node:fs";
import { findForbiddenCode } from "./client-chunks";

const staticDir = ".next/static";
if (!existsSync(staticDir)) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const found = findForbiddenCode(staticDir);
for (const { file, library, remedy } of found)
  console.error(`${library} is in the client chunk ${staticDir}/${file}: ${remedy}.`);
if (found.length) process.exit(1);
console.log("Client chunks are free of server-only libraries and classic zod.");
