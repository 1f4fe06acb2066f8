import { describe, expect, it } from 'vitest';
import { memoryVerdict, type MemorySample } from './memory.ts';

/** Samples of a server whose own memory is `own(i)` MB beside an embedded database of `db(i)` MB. */
const samples = (own: (i: number) => number, db: (i: number) => number | null): MemorySample[] =>
  Array.from({ length: 100 }, (_, i) => {
    const database = db(i);
    return { at: i, rssMb: own(i) + (database ?? 0), heapMb: 60, databaseMb: database };
  });

describe("the server's memory verdict", () => {
  it("leaves out the embedded database's memory, which grows with the day's data", () => {
    const verdict = memoryVerdict(
      samples(
        () => 270,
        (i) => 130 + i * 1.4,
      ),
      20,
    );
    // The database's size at the start stays counted: 270 MB of the server's and 144 of the database's.
    expect(verdict).toMatchObject({ ok: true, firstMedianMb: 414, lastMedianMb: 414, growthPercent: 0 });
  });

  it("judges the growth against the whole, the database's size at the start included", () => {
    // +14 % of RSS (400 → 456 MB) with a database of a constant 128 MB is within the margin.
    expect(
      memoryVerdict(
        samples(
          (i) => 272 + i * 0.6,
          () => 128,
        ),
        20,
      ).ok,
    ).toBe(true);
  });

  it('fails a server whose own memory grows past the margin, with or without an embedded database', () => {
    const growing = (i: number) => 200 + i * 2;
    const swinging = (i: number) => 200 + (i % 7);
    const cases: [(i: number) => number, number | null, boolean][] = [
      [growing, 150, false],
      [growing, null, false],
      [swinging, null, true],
    ];
    for (const [own, database, ok] of cases)
      expect(
        memoryVerdict(
          samples(own, () => database),
          20,
        ).ok,
      ).toBe(ok);
  });
});
