import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findForbiddenCode, javaScriptFiles, keptOutOfTheBrowser } from "./client-chunks";

describe("the client chunk check", () => {
  it.each(keptOutOfTheBrowser)("knows $name by a string its installed code contains", ({ dir, marker }) => {
    const files = javaScriptFiles(path.join("node_modules", dir));
    expect(files.some((file) => readFileSync(file, "utf8").includes(marker))).toBe(true);
  });

  it("tells classic zod from zod/mini, which the browser's rules use", () => {
    const classic = keptOutOfTheBrowser.find(({ name }) => name === "classic zod")!;
    const mini = ["zod/v4/mini", "zod/v4/core"].flatMap((dir) => javaScriptFiles(path.join("node_modules", dir)));
    expect(mini.some((file) => readFileSync(file, "utf8").includes(classic.marker))).toBe(false);
  });

  it("names each chunk that holds a server-only library, and passes clean ones", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "chunks-"));
    mkdirSync(path.join(dir, "chunks"));
    writeFileSync(path.join(dir, "chunks", "form.js"), 'const e=Symbol.for("drizzle:entityKind");');
    writeFileSync(path.join(dir, "chunks", "page.js"), 'console.log("drizzle");');
    writeFileSync(path.join(dir, "chunks", "style.css"), "drizzle:");
    expect(findForbiddenCode(dir)).toEqual([
      { file: path.join("chunks", "form.js"), library: "drizzle-orm", remedy: expect.stringContaining("server code") },
    ]);
  });

  it("names a chunk that holds classic zod, with the fix", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "chunks-"));
    writeFileSync(path.join(dir, "rules.js"), 'let t=r("ZodType",(e,n)=>{});');
    writeFileSync(path.join(dir, "mini.js"), 'let t=r("ZodMiniType",(e,n)=>{});');
    expect(findForbiddenCode(dir)).toEqual([
      { file: "rules.js", library: "classic zod", remedy: expect.stringContaining("zod/mini") },
    ]);
  });
});
