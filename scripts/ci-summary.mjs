// Adds up Vitest's JSON reports into one closing line: "N passed, N failed, N skipped", after
// each report's slowest files (where a run's minutes go: docs/benchmarks.md keeps them).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const SLOWEST = 10;
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  const files = (report.testResults ?? [])
    .map((r) => ({ name: path.relative(process.cwd(), r.name), ms: (r.endTime ?? 0) - (r.startTime ?? 0) }))
    .filter((r) => r.ms > 0)
    .sort((a, b) => b.ms - a.ms);
  if (files.length === 0) continue;
  console.log(
    `${path.basename(file)}: the ${Math.min(SLOWEST, files.length)} slowest of ${files.length} files`,
  );
  for (const f of files.slice(0, SLOWEST))
    console.log(`  ${(f.ms / 1000).toFixed(1).padStart(7)} s  ${f.name}`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
