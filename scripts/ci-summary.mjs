// Adds up Vitest's JSON reports into one closing line: "N passed, N failed, N skipped", after
// each report's slowest files (where a run's minutes go: docs/benchmarks.md keeps them) and every
// failed test with the first lines of its message, so that the end of CI's output (often all a
// reader of a failed run gets) names what failed. `--failures-only` prints just those.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SLOWEST = 10;
const MESSAGE_LINES = 6;
const failuresOnly = process.argv.includes('--failures-only');
const files = process.argv.slice(2).filter((a) => !a.startsWith('--') && existsSync(a));
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const firstLines = (text) =>
  String(text ?? '')
    .replace(new RegExp(String.fromCharCode(27) + '\\[[0-9;]*m', 'g'), '') // colours
    .split('\n')
    .filter((l) => l.trim() !== '' && !/^\s+at /.test(l)) // not the stack
    .slice(0, MESSAGE_LINES)
    .map((l) => `      ${l.trimEnd().slice(0, 200)}`)
    .join('\n');

for (const file of files) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    console.log(`${path.basename(file)}: not a complete report (the run stopped while writing it)`);
    continue;
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  for (const r of report.testResults ?? []) {
    const name = path.relative(process.cwd(), r.name);
    const failedTests = (r.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedTests)
      failures.push(`  ${name} > ${a.fullName}\n${firstLines((a.failureMessages ?? []).join('\n'))}`);
    // A file that failed outside any test (an import, a hook) has no failed test to name.
    if (r.status === 'failed' && failedTests.length === 0)
      failures.push(`  ${name} (the file itself)\n${firstLines(r.message)}`);
  }
  if (failuresOnly) continue;
  const timed = (report.testResults ?? [])
    .map((r) => ({ name: path.relative(process.cwd(), r.name), ms: (r.endTime ?? 0) - (r.startTime ?? 0) }))
    .filter((r) => r.ms > 0)
    .sort((a, b) => b.ms - a.ms);
  if (timed.length === 0) continue;
  console.log(
    `${path.basename(file)}: the ${Math.min(SLOWEST, timed.length)} slowest of ${timed.length} files`,
  );
  for (const f of timed.slice(0, SLOWEST))
    console.log(`  ${(f.ms / 1000).toFixed(1).padStart(7)} s  ${f.name}`);
}
if (failures.length > 0) console.log(`Failed (${failures.length}):\n${failures.join('\n')}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || failures.length > 0 || passed === 0 ? 1 : 0);
