// Prints the ten slowest spec files of Playwright JSON reports (`node .ci/slowest-specs.mjs a.json …`):
// per suite and file, the sum of its tests' durations, retries included, and how many tests ran.
import { readFileSync } from "node:fs";
import path from "node:path";

const rows = [];
for (const report of process.argv.slice(2)) {
  const suiteName = path.basename(report, ".json");
  const files = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      const file = files.get(spec.file) ?? { ms: 0, tests: 0 };
      for (const test of spec.tests) {
        file.tests += 1;
        for (const result of test.results) file.ms += result.duration;
      }
      files.set(spec.file, file);
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of JSON.parse(readFileSync(report, "utf8")).suites) visit(suite);
  for (const [file, { ms, tests }] of files) rows.push({ suiteName, file, ms, tests });
}
rows.sort((a, b) => b.ms - a.ms);
for (const { suiteName, file, ms, tests } of rows.slice(0, 10)) {
  console.log(`  ${(ms / 1000).toFixed(0).padStart(5)} s  ${String(tests).padStart(3)} tests  ${suiteName.padEnd(9)} ${file}`);
}
