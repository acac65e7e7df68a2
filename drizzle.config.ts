import { defineConfig } from "drizzle-kit";

// drizzle-kit only generates SQL from the schema; the shop applies migrations itself (lib/db).
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema/index.ts",
  out: "./drizzle",
});
