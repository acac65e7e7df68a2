import { Client } from "pg";

/** The median and 95th percentile of a list of latencies in ms, to a tenth of a millisecond. */
export function percentiles(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(1));
  return { p50: at(50), p95: at(95) };
}

/** Runs `bench` on a scratch database created beside DATABASE_URL's, dropped afterwards. */
export async function onScratchPostgres<T>(url: string, label: string, bench: (url: string) => Promise<T>): Promise<T> {
  const name = `shop_bench_${label}_${process.pid}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const scratch = new URL(url);
    scratch.pathname = `/${name}`;
    return await bench(scratch.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
