// Two instances of the built shop behind nginx on one PostgreSQL database, for the cluster test and
// the flash-sale bench.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { startNginx } from "./nginx";
import { startInstance, type Instance } from "./server";

/**
 * What every instance behind the proxy must share: the database, the auth and cron secrets and the
 * build (so the same server-action ids and encryption key); the address is the proxy's, as browsers
 * see it. Every simulated shopper orders from 127.0.0.1 with the same details, so the per-buyer
 * pay-on-delivery limits are lifted: they are not what these runs test.
 */
export function sharedInstanceEnv(proxyUrl: string, databaseUrl: string) {
  return {
    NODE_ENV: "production" as const,
    DATABASE_URL: databaseUrl,
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
    BETTER_AUTH_URL: proxyUrl,
    SITE_URL: proxyUrl,
    CRON_SECRET: randomBytes(24).toString("base64url"),
    // nginx is the one proxy in front: the client's address is the one it forwards.
    TRUSTED_PROXY_HOPS: "1",
    PAY_ON_DELIVERY_PER_PHONE: "100000",
    PAY_ON_DELIVERY_PER_EMAIL: "100000",
    PAY_ON_DELIVERY_PER_ADDRESS: "100000",
  };
}

/**
 * Starts two instances on `port` + 1 and + 2, both at once (they migrate one after the other under
 * the advisory lock), then nginx's round robin on `port`; logs go to `dir`.
 */
export async function startBehindNginx(port: number, env: Record<string, string>, dir: string) {
  const instances: Instance[] = await Promise.all(
    [1, 2].map((offset) => startInstance(port + offset, env, path.join(dir, `instance-${offset}.log`))),
  );
  const hosts = instances.map((instance) => new URL(instance.url).host);
  const nginx = await startNginx(port, hosts, path.join(dir, "nginx"));
  const stop = async () => {
    await nginx.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
  };
  return { instances, stop };
}
