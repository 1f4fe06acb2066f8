import { describe, expect, it } from 'vitest';
import { ReportOutbox } from './report-outbox.ts';

describe("a device's reports while its socket is down", () => {
  it('are sent at once while connected, kept while not, and sent in order on the next connect', () => {
    const outbox = new ReportOutbox<number>(3);
    const sent: number[] = [];
    outbox.send(1, (r) => sent.push(r));
    expect(sent).toEqual([1]);
    for (const report of [2, 3, 4, 5]) outbox.send(report, null);
    expect(sent).toEqual([1]);
    // Only the last three wait; the oldest is dropped.
    outbox.flush((r) => sent.push(r));
    expect(sent).toEqual([1, 3, 4, 5]);
    outbox.flush((r) => sent.push(r));
    expect(sent).toEqual([1, 3, 4, 5]);
  });
});
