import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { QUEUE_STATES } from '@truck-queue/shared/queue/queue-machine';

/**
 * A truck's rules live in packages/shared/src/queue/ and nowhere else: the server's services and
 * the web's pages ask that module (isCalledState, waitingStates, staffActions, decide ...) instead
 * of comparing states themselves. A quoted state code ('QS', "LF", `RJ` ...) in their sources is
 * a rule written a second time; tests may name states freely.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCANNED = ['apps/server/src/modules', 'apps/web/src/features'];
const LITERAL = new RegExp(`(['"\`])(${QUEUE_STATES.join('|')})\\1`, 'g');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(dir, file));
}

/** `path:line: literal` for each quoted state code in a file. */
function literalsIn(file: string): string[] {
  return readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .flatMap((line, index) => [...line.matchAll(LITERAL)].map((m) => `${file}:${index + 1}: ${m[0]}`));
}

describe('queue-state literals', () => {
  it('finds quoted state codes, and only whole ones', () => {
    const found = (text: string) => [...text.matchAll(LITERAL)].map((m) => m[0]);
    expect(found(`s === 'LF' || s === "RJ" || s === \`C\``)).toEqual([`'LF'`, `"RJ"`, '`C`']);
    expect(found(`'CF' 'LFX' "Q" 'QS"`)).toEqual([]);
  });

  it('appear in no server service or web page: they ask packages/shared/src/queue/ instead', () => {
    const files = SCANNED.flatMap(sourceFiles);
    // The scan must be looking at the real trees, not at an empty folder.
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(literalsIn)).toEqual([]);
  });
});
