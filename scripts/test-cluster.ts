// `npm run test:cluster`: two instances of the built shop on one PostgreSQL server (DATABASE_URL, a
// scratch database that is emptied first) behind nginx's round robin, all on 127.0.0.1, then the
// Playwright tests in e2e-cluster/ through nginx and against each instance directly.
// Ports: CLUSTER_PORT (default 3410) for nginx, the next two for the instances; it refuses to start,
// naming the port, when one of them is taken.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sharedInstanceEnv, startBehindNginx } from "./instances/cluster";
import { refuseBusyPorts } from "./instances/ports";
import { emptyPostgres, ensureBuild } from "./instances/server";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error(
    "npm run test:cluster needs DATABASE_URL: a PostgreSQL database it may empty, e.g.\n" +
      "  DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/shop_cluster npm run test:cluster",
  );
  process.exit(1);
}
const port = Number(process.env.CLUSTER_PORT ?? 3410);
await refuseBusyPorts([port, port + 1, port + 2], "CLUSTER_PORT");
ensureBuild();

const dir = mkdtempSync(path.join(tmpdir(), "shop-cluster-"));
const proxyUrl = `http://127.0.0.1:${port}`;
const shared = sharedInstanceEnv(proxyUrl, databaseUrl);

let stopCluster = async () => {};
let status = 1;
try {
  await emptyPostgres(databaseUrl);
  execFileSync(path.resolve("node_modules/.bin/tsx"), ["--conditions=react-server", "e2e/fixtures/seed.ts"], {
    stdio: "inherit",
    env: { ...process.env, ...shared },
  });
  const cluster = await startBehindNginx(port, shared, dir);
  stopCluster = cluster.stop;
  const { instances } = cluster;
  console.log(`nginx on ${proxyUrl} in front of ${instances.map((instance) => instance.url).join(" and ")}`);
  const run = spawnSync(path.resolve("node_modules/.bin/playwright"), ["test", "-c", "playwright.cluster.config.ts"], {
    stdio: "inherit",
    timeout: 5 * 60_000,
    env: {
      ...process.env,
      CLUSTER_URL: proxyUrl,
      CLUSTER_INSTANCES: instances.map((instance) => instance.url).join(","),
      CRON_SECRET: shared.CRON_SECRET,
    },
  });
  status = run.status ?? 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stopCluster();
  if (status === 0) rmSync(dir, { recursive: true, force: true });
  else console.error(`The instances' and nginx's logs are in ${dir}`);
}
process.exit(status);
