import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAcceptToday,
  getExitToday,
  getWeighToday,
} from '@truck-queue/shared/contracts/station-work.contract';
import { createEventHub } from '../../lib/event-hub.ts';
import { createTestContext, TestClock, type TestContext } from '../../test/harness.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { createDayLists, DAY_LIST_MAX_AGE_MS, newestFirst, type DayListSpec } from './day-lists.ts';

describe("the counters' lists of the day through the API", () => {
  let t: TestContext;
  let plant: Plant;
  beforeAll(async () => {
    t = await createTestContext();
    plant = await createPlant(t, 'Day lists');
  });
  afterAll(() => t.close());

  const MINUTE = 60_000;
  const TYPED = 'ตาชั่งขัดข้อง';
  const lists = async () => ({
    lab: (await t.call(getAcceptToday, {}, plant.officers.lab.session)).queue,
    weighings: (await t.call(getWeighToday, {}, plant.officers.admin.session)).queue,
    exits: (await t.call(getExitToday, {}, plant.officers.security.session)).queue,
  });
  /** The lists read whole: past their age, each is read again from the database. */
  const readWhole = async () => {
    t.clock.advance(DAY_LIST_MAX_AGE_MS);
    return lists();
  };
  const post = (path: string, body: object, session: string) =>
    t.post(path, body, { session }).then((response) => {
      expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
    });
  const lab = (path: string, queueNumber: string) =>
    post(`process/example/${path}`, { queue_number: queueNumber }, plant.officers.lab.session);
  const weigh = (direction: 'In' | 'Out', queueNumber: string, weight: number) =>
    post(
      `process/weighing/weigh${direction}`,
      // Weighed out without its call (confirmed): the lists, not the steps' order, are this test's.
      { queue_number: queueNumber, weight, reason: TYPED, confirm_out_of_order: direction === 'Out' },
      plant.officers.admin.session,
    );
  const exit = (queueNumber: string) =>
    post(
      'process/security/exitFactory',
      { queue_number: queueNumber, confirm_unfinished: true },
      plant.officers.security.session,
    );

  /** Every statement the database is sent while `work` runs. */
  async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
    const pool = t.database.pool;
    const texts: string[] = [];
    // Put back as it was after the work: the pool's own method, called on the pool.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const query = pool.query;
    pool.query = function (this: typeof pool, config: unknown, ...rest: unknown[]) {
      texts.push(typeof config === 'string' ? config : ((config as { text?: string }).text ?? ''));
      return (query as (...args: unknown[]) => unknown).call(this, config, ...rest);
    } as typeof pool.query;
    try {
      await work();
    } finally {
      pool.query = query;
    }
    return texts;
  }

  it('show every change as the list read whole would, step by step through a day', async () => {
    const a = await issueTicket(t, plant, 'lab', 'DAY 1');
    const b = await issueTicket(t, plant, 'lab', 'DAY 2');
    const c = await issueTicket(t, plant, 'standard', 'DAY 3');
    const steps: [string, () => Promise<void>][] = [
      ['A sample taken', () => lab('accept', a.queue_number)],
      ["B's sample taken", () => lab('accept', b.queue_number)],
      ["A's result", () => lab('completed', a.queue_number)],
      ['A weighed in', () => weigh('In', a.queue_number, 31_000)],
      ['C weighed in', () => weigh('In', c.queue_number, 12_000)],
      ['A weighed out', () => weigh('Out', a.queue_number, 11_500)],
      ['A leaves', () => exit(a.queue_number)],
      ['B leaves unfinished, its sample still in the lab', () => exit(b.queue_number)],
      [
        'C weighed out and leaves',
        () => weigh('Out', c.queue_number, 40_250).then(() => exit(c.queue_number)),
      ],
    ];
    let shown = await lists();
    for (const [step, act] of steps) {
      t.clock.advance(7 * MINUTE);
      await act();
      const kept = await lists();
      expect(kept, step).not.toEqual(shown);
      expect(kept, step).toEqual(await readWhole());
      shown = kept;
    }
    expect(shown.exits.map((q) => q.queue_number)).toEqual([c, b, a].map((q) => q.queue_number));
    expect(shown.weighings.map((q) => q.queue_number)).toEqual([c, a].map((q) => q.queue_number));
    expect(shown.weighings[1]).toMatchObject({ gross_kg: 31_000, tare_kg: 11_500, net_kg: 19_500 });
    // Out of the gate, the lab's list keeps them with their exit: B without its result.
    expect(shown.lab.map((q) => [q.queue_number, q.queue_state, q.exit !== null])).toEqual([
      [b.queue_number, 'LS', true],
      [a.queue_number, 'LF', true],
    ]);
  });

  it("read a change's ticket only, not the whole day again", async () => {
    const d = await issueTicket(t, plant, 'standard', 'DAY 4');
    await lists();
    await weigh('In', d.queue_number, 15_000);
    const texts = await statementsDuring(lists);
    const dayReads = texts.filter((text) => /"queues"\."(lab_start|weigh_in_at|exit_at)" >=/.test(text));
    expect(dayReads).toHaveLength(3);
    for (const text of dayReads) expect(text).toMatch(/"queues"\."uuid" = any\(\$\d+::uuid\[\]\)/);
    // Nothing changed since: no read at all.
    const again = await statementsDuring(lists);
    expect(again.filter((text) => text.includes('"queues"'))).toEqual([]);
  });
});

describe('a day list kept per change', () => {
  interface Row {
    id: number;
    uuid: string;
    at: Date | null;
  }
  function setup() {
    const events = createEventHub();
    const clock = new TestClock();
    const table = new Map<string, Row>();
    const reads: (readonly string[] | undefined)[] = [];
    let failNext = false;
    let gate: Promise<void> | null = null;
    const spec = (key = 'day 1'): DayListSpec<Row> => ({
      name: 'exits',
      branchId: 1,
      key,
      async read(uuids) {
        reads.push(uuids);
        if (gate) await gate;
        if (failNext) {
          failNext = false;
          throw new Error('database gone');
        }
        const rows = [...table.values()].map((row) => ({ ...row }));
        return uuids ? rows.filter((row) => uuids.includes(row.uuid)) : rows;
      },
      uuidOf: (row) => row.uuid,
      order: newestFirst(
        (row) => row.at,
        (row) => row.id,
      ),
    });
    const put = (id: number, minute: number | null) => {
      table.set(`u${id}`, { id, uuid: `u${id}`, at: minute === null ? null : new Date(minute * 60_000) });
    };
    const change = (id: number, branchId = 1) =>
      events.publish('queueChanged', {
        transitionId: id,
        at: clock.now(),
        branchId,
        queueId: id,
        queueUuid: `u${id}`,
        queueNumber: `A${id}`,
        branchQueueTypeId: 1,
        queueTypeName: 'A',
        action: 'exit',
        fromState: 'QF',
        toState: 'EX',
        stationId: null,
        stationName: null,
      });
    return {
      events,
      clock,
      lists: createDayLists({ events, clock }),
      table,
      reads,
      spec,
      put,
      change,
      failNext: () => (failNext = true),
      hold() {
        let release!: () => void;
        gate = new Promise((resolve) => (release = resolve));
        return () => {
          gate = null;
          release();
        };
      },
    };
  }
  const ids = (rows: Row[]) => rows.map((row) => row.id);

  it('is read whole once, then only for the tickets that changed, in the list order', async () => {
    const s = setup();
    s.put(1, 10);
    s.put(2, 30);
    expect(ids(await s.lists.get(s.spec()))).toEqual([2, 1]);
    expect(ids(await s.lists.get(s.spec()))).toEqual([2, 1]);
    expect(s.reads).toEqual([undefined]);

    s.put(3, 20);
    s.change(3);
    s.table.delete('u2');
    s.change(2);
    s.put(4, null);
    s.change(4);
    s.change(7, 2); // another branch: nothing to read here
    expect(ids(await s.lists.get(s.spec()))).toEqual([4, 3, 1]);
    expect(s.reads).toEqual([undefined, ['u3', 'u2', 'u4']]);
  });

  it("hears another instance's changes, and reads whole after an admin's edit, its age or a new day", async () => {
    const s = setup();
    s.put(1, 10);
    await s.lists.get(s.spec());
    s.put(2, 20);
    s.events.publish('linesChanged', { branchId: 1, branchQueueTypeIds: [1], queueUuid: 'u2' });
    expect(ids(await s.lists.get(s.spec()))).toEqual([1]);
    s.events.deliverRemote('linesChanged', { branchId: 1, branchQueueTypeIds: [1], queueUuid: 'u2' });
    expect(ids(await s.lists.get(s.spec()))).toEqual([2, 1]);
    expect(s.reads).toEqual([undefined, ['u2']]);

    s.events.publish('referenceChanged', { branchId: 1 });
    await s.lists.get(s.spec());
    s.clock.advance(DAY_LIST_MAX_AGE_MS - 1);
    await s.lists.get(s.spec());
    s.clock.advance(1);
    await s.lists.get(s.spec());
    await s.lists.get(s.spec('day 2'));
    expect(s.reads).toEqual([undefined, ['u2'], undefined, undefined, undefined]);
  });

  it('shares one read between readers, and keeps changes heard during a read for the next', async () => {
    const s = setup();
    s.put(1, 10);
    const release = s.hold();
    const first = s.lists.get(s.spec());
    const second = s.lists.get(s.spec());
    s.put(2, 20);
    s.change(2);
    release();
    expect(ids(await first)).toEqual(ids(await second));
    expect(s.reads.length).toBeLessThanOrEqual(2);
    expect(ids(await s.lists.get(s.spec()))).toEqual([2, 1]);
  });

  it('answers a reader with the changes heard before it came, whatever comes while it reads', async () => {
    const s = setup();
    s.put(1, 10);
    await s.lists.get(s.spec());
    s.put(2, 20);
    s.change(2);
    const release = s.hold();
    const reader = s.lists.get(s.spec());
    await new Promise((resolve) => setImmediate(resolve)); // its read of u2 has started
    expect(s.reads).toEqual([undefined, ['u2']]);
    // At the peak a change comes every few milliseconds: the reader does not wait for them.
    s.put(3, 30);
    s.change(3);
    release();
    expect(ids(await reader)).toEqual([2, 1]);
    expect(s.reads).toEqual([undefined, ['u2']]);
    expect(ids(await s.lists.get(s.spec()))).toEqual([3, 2, 1]);
    expect(s.reads).toEqual([undefined, ['u2'], ['u3']]);
  });

  it('tries the changed tickets again after a failed read, and a failed first read is not kept', async () => {
    const s = setup();
    s.put(1, 10);
    s.failNext();
    await expect(s.lists.get(s.spec())).rejects.toThrow('database gone');
    expect(ids(await s.lists.get(s.spec()))).toEqual([1]);
    s.put(2, 20);
    s.change(2);
    s.failNext();
    await expect(s.lists.get(s.spec())).rejects.toThrow('database gone');
    expect(ids(await s.lists.get(s.spec()))).toEqual([2, 1]);
    expect(s.reads).toEqual([undefined, undefined, ['u2'], ['u2']]);
  });
});
