import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // A self-contained server for any Node host; Vercel ignores this and deploys as usual.
  output: "standalone",
  poweredByHeader: false,
  // Embedded PostgreSQL ships WASM and data files that must not be bundled.
  serverExternalPackages: ["@electric-sql/pglite"],
  // SQL migrations are read at run time, on start.
  outputFileTracingIncludes: { "/**": ["./drizzle/**/*"] },
  // Cached pages and data live in memory only, so they never outlive the process and the
  // database they were read from (a restart on a re-seeded or fresh database starts clean).
  experimental: { isrFlushToDisk: false },
};

export default nextConfig;
