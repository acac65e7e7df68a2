import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const serverOnly = "a client component imports server code: move what it needs into a module without it";

/**
 * Libraries that never belong in what the browser downloads, each known by a string of its own code
 * that minification keeps (a symbol name, an error message), and where its code is installed. The
 * server-only ones would leak table definitions or secrets' handling; classic zod only adds weight.
 */
export const keptOutOfTheBrowser = [
  { name: "drizzle-orm", dir: "drizzle-orm", marker: "drizzle:", remedy: serverOnly },
  { name: "pg", dir: "pg", marker: "Client has already been connected. You cannot reuse a client.", remedy: serverOnly },
  { name: "@electric-sql/pglite", dir: "@electric-sql/pglite", marker: "PGlite is closed", remedy: serverOnly },
  { name: "sharp", dir: "sharp", marker: "Expected width, height and channels for raw pixel input", remedy: serverOnly },
  { name: "nodemailer", dir: "nodemailer", marker: "api.nodemailer.com", remedy: serverOnly },
  { name: "better-auth", dir: "better-auth", marker: "BETTER_AUTH_SECRET", remedy: serverOnly },
  {
    name: "classic zod",
    dir: "zod/v4/classic",
    marker: '"ZodType"',
    remedy:
      "write the rules the browser runs with zod/mini (lib/core/form-schema.ts), 18.6 kB compressed for every form instead of 31.5",
  },
] as const;

export type ForbiddenCode = { file: string; library: string; remedy: string };

/** Every library kept out of the browser found in the JavaScript files under `dir` (a build's .next/static). */
export function findForbiddenCode(dir: string): ForbiddenCode[] {
  return javaScriptFiles(dir).flatMap((file) => {
    const code = readFileSync(file, "utf8");
    return keptOutOfTheBrowser
      .filter(({ marker }) => code.includes(marker))
      .map(({ name, remedy }) => ({ file: path.relative(dir, file), library: name, remedy }));
  });
}

/** Every .js, .mjs and .cjs file under `dir`, at any depth. */
export function javaScriptFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.[cm]?js$/.test(name))
    .map((name) => path.join(dir, name));
}
