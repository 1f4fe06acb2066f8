import { describe, expect, it } from 'vitest';
import type { ProcessLog } from './http/process-log.ts';
import { startProgress, type StartProgress } from './start-progress.ts';

const FIRST_START: StartProgress[] = [
  { step: 'database', engine: 'pglite', fresh: true, dataDir: '/srv/queue/data' },
  { step: 'schema' },
  { step: 'plant' },
  { step: 'day', played: 1, days: 3 },
  { step: 'day', played: 2, days: 3 },
  { step: 'day', played: 3, days: 3 },
  { step: 'write', tickets: 120 },
];

function recordingLog() {
  const lines: { fields: object; msg: string }[] = [];
  const at = (fields: object, msg: string) => void lines.push({ fields, msg });
  const log: ProcessLog = { info: at, warn: at, error: at, fatal: at };
  return { log, lines };
}

describe('start-up progress', () => {
  it('shows a person at a terminal each step, with the days counting up on one line', () => {
    let screen = '';
    const terminal = { write: (text: string) => ((screen += text), true) } as unknown as NodeJS.WriteStream;
    const { log, lines } = recordingLog();
    const progress = startProgress(log, terminal);
    FIRST_START.forEach(progress);
    // What the terminal shows once each carriage return has overwritten its line.
    const shown = screen.split('\n').map((line) => line.split('\r').at(-1));
    expect(shown).toEqual([
      '  First start: creating the embedded database in /srv/queue/data',
      '  Bringing the database schema up to date',
      '  First start: building the demo plant (branches, officers, queue types, stations)',
      '  Demo history: day 3 of 3 played',
      '  Writing the demo history: 120 tickets',
      '',
    ]);
    expect(lines).toEqual([]);
  });

  it('writes one JSON log line per step for a log shipper, the step in its fields', () => {
    const { log, lines } = recordingLog();
    const progress = startProgress(log, null);
    FIRST_START.forEach(progress);
    expect(lines.map((l) => l.msg)).toEqual([
      'First start: creating the embedded database in /srv/queue/data',
      'Bringing the database schema up to date',
      'First start: building the demo plant (branches, officers, queue types, stations)',
      'Demo history: day 1 of 3 played',
      'Demo history: day 2 of 3 played',
      'Demo history: day 3 of 3 played',
      'Writing the demo history: 120 tickets',
    ]);
    expect(lines[6]?.fields).toEqual({ startup: { step: 'write', tickets: 120 } });
  });
});
