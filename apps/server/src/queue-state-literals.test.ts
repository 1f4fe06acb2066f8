import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { QUEUE_STATES } from '@truck-queue/shared/queue/queue-machine';

/**
 * A truck's rules live in packages/shared/src/queue/ and nowhere else: the server's services and
 * the web ask that module (isCalledState, waitingStates, staffActions, decide ...) instead of
 * comparing states themselves. A quoted state code ('QS', "LF", `RJ` ...) or a state code as an
 * object key (`QS: ...`, `'RJ': ...`, a table per state) in their sources is a rule written a
 * second time; tests (and the locale JSON, which is no source) may name states freely.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCANNED = ['apps/server/src/modules', 'apps/web/src'];
const CODES = QUEUE_STATES.join('|');
const LITERAL = new RegExp(`(['"\`])(${CODES})\\1`, 'g');
/** A code opening a property: at the start of a line, or after `{` or `,`; bare or quoted. */
const KEY = new RegExp(`(?:^|[{,])\\s*((['"]?)(${CODES})\\2\\s*:)`, 'g');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(dir, file).split('\\').join('/'));
}

/** What a line names by state code: its quoted codes, and its codes used as keys. */
function codesIn(line: string, keys = true): string[] {
  const quoted = [...line.matchAll(LITERAL)].map((m) => m[0]);
  const keyed = keys ? [...line.matchAll(KEY)].map((m) => m[1]!) : [];
  return [...quoted, ...keyed];
}

/** `path:line: code` for each state code a file names. */
function literalsIn(file: string): string[] {
  return readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .flatMap((line, index) => codesIn(line).map((code) => `${file}:${index + 1}: ${code}`));
}

describe('queue-state literals', () => {
  it('finds quoted state codes, and only whole ones', () => {
    const found = (text: string) => [...text.matchAll(LITERAL)].map((m) => m[0]);
    expect(found(`s === 'LF' || s === "RJ" || s === \`C\``)).toEqual([`'LF'`, `"RJ"`, '`C`']);
    expect(found(`'CF' 'LFX' "Q" 'QS"`)).toEqual([]);
  });

  it('finds state codes used as object keys, bare or quoted, and nothing else with a colon', () => {
    expect(codesIn(`  QS: 'default',`)).toEqual([`QS:`]);
    expect(codesIn(`const t = { LS: 1, 'RJ': 2, "F" : 3 };`)).toEqual([
      `'RJ'`,
      `"F"`,
      `LS:`,
      `'RJ':`,
      `"F" :`,
    ]);
    expect(codesIn(`{ C: x }`)).toEqual([`C:`]);
    expect(codesIn(`a ? C : D; f(QS); x.C; LFX: 1; { CF: 1 }`)).toEqual([]);
    expect(codesIn(`  QS: 'default',`, false)).toEqual([]);
  });

  it('appear in no server service and nowhere in the web: they ask packages/shared/src/queue/ instead', () => {
    const files = SCANNED.flatMap(sourceFiles);
    // The scan must be looking at the real trees, not at an empty folder.
    expect(files.length).toBeGreaterThan(200);
    for (const dir of SCANNED) expect(files.some((file) => file.startsWith(`${dir}/`))).toBe(true);
    expect(files.flatMap(literalsIn)).toEqual([]);
  });
});
