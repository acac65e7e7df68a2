import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findServerCode, javaScriptFiles, serverLibraries } from "./client-chunks";

describe("the client chunk check", () => {
  it.each(serverLibraries)("knows $name by a string its installed code contains", ({ name, marker }) => {
    const files = javaScriptFiles(path.join("node_modules", name));
    expect(files.some((file) => readFileSync(file, "utf8").includes(marker))).toBe(true);
  });

  it("names each chunk that holds a server-only library, and passes clean ones", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "chunks-"));
    mkdirSync(path.join(dir, "chunks"));
    writeFileSync(path.join(dir, "chunks", "form.js"), 'const e=Symbol.for("drizzle:entityKind");');
    writeFileSync(path.join(dir, "chunks", "page.js"), 'console.log("drizzle");');
    writeFileSync(path.join(dir, "chunks", "style.css"), "drizzle:");
    expect(findServerCode(dir)).toEqual([{ file: path.join("chunks", "form.js"), library: "drizzle-orm" }]);
  });
});
