import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Server-only libraries, each known by a string of its own code that minification keeps (a symbol
 * name, an error message). None of them belongs in what the browser downloads: they would leak
 * table definitions or secrets' handling, and they only add weight.
 */
export const serverLibraries = [
  { name: "drizzle-orm", marker: "drizzle:" },
  { name: "pg", marker: "Client has already been connected. You cannot reuse a client." },
  { name: "@electric-sql/pglite", marker: "PGlite is closed" },
  { name: "sharp", marker: "Expected width, height and channels for raw pixel input" },
  { name: "nodemailer", marker: "api.nodemailer.com" },
  { name: "better-auth", marker: "BETTER_AUTH_SECRET" },
] as const;

export type ServerCodeFound = { file: string; library: string };

/** Every server-only library found in the JavaScript files under `dir` (a build's .next/static). */
export function findServerCode(dir: string): ServerCodeFound[] {
  return javaScriptFiles(dir).flatMap((file) => {
    const code = readFileSync(file, "utf8");
    return serverLibraries
      .filter(({ marker }) => code.includes(marker))
      .map(({ name }) => ({ file: path.relative(dir, file), library: name }));
  });
}

/** Every .js, .mjs and .cjs file under `dir`, at any depth. */
export function javaScriptFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.[cm]?js$/.test(name))
    .map((name) => path.join(dir, name));
}
