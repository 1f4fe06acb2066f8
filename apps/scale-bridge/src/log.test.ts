import { describe, expect, it } from 'vitest';
import { quietRepeats } from './log.ts';

describe('a failure that repeats', () => {
  it('is logged once a minute with its count, and a new failure at once', () => {
    const lines: string[] = [];
    let now = 0;
    const failures = quietRepeats(
      (line) => lines.push(line),
      60_000,
      () => now,
    );
    for (now = 0; now < 60_000; now += 5000) failures.say('Cannot reach the server.');
    expect(lines).toEqual(['Cannot reach the server.']);
    failures.say('Cannot reach the server.');
    expect(lines).toEqual([
      'Cannot reach the server.',
      'Cannot reach the server. (12 times since this was last logged)',
    ]);
    failures.say('The server refused the API key.');
    expect(lines).toHaveLength(3);
    // Once it worked, the next failure is news again.
    failures.reset();
    failures.say('The server refused the API key.');
    expect(lines).toHaveLength(4);
  });
});
