// The shop's settings file: `npm start` and the maintenance scripts (db:*, staff, etims, mpesa) load
// this before their own code (`node --import`, package.json), so each reads `.env` in the folder it
// runs from, if there is one; `next build` and `next dev` read the same file themselves. A variable
// already set in the environment wins over the file, so a process manager's settings and a one-off
// `NAME=value npm run …` still apply. The test harnesses (e2e, cluster, crash, bench) leave it out:
// they must never reach the database a developer's `.env` names.
import { existsSync } from "node:fs";
import path from "node:path";

const file = path.resolve(".env");
if (existsSync(file)) process.loadEnvFile(file);
