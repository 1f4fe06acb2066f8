import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@truck-queue/shared/roles';
import { branchQueueTypes, products, queueTypes, stations } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';

/**
 * Issue 37's sweep of check-then-insert: a product's, a station's and a branch's own queue type's
 * name was looked up and then written, with no constraint behind it, so parallel creates (a
 * double click, two admins) could all find the name free. Each round sends 30 at once; one is
 * made, 29 are refused NAME_TAKEN, in each of 20 rounds, on PGlite and (TEST_DATABASE_URL) on
 * PostgreSQL.
 */

const ROUNDS = 20;
const PARALLEL = 30;

let t: TestContext;
let admin: string;
let branchId: number;

beforeAll(async () => {
  t = await createTestContext();
  const branch = await t.createBranch('Names');
  branchId = branch.id;
  const officer = await t.createOfficer({ branchId, roles: ROLE.admin });
  admin = await t.signIn(officer.email, officer.password);
});
afterAll(() => t.close());

const post = (path: string, body: unknown) => t.post(path, body, { session: admin });

/** 30 calls at once; exactly one succeeds and the others are NAME_TAKEN. */
async function race(call: (i: number) => ReturnType<typeof post>, round: number) {
  const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => call(i)));
  expect(
    answers.filter((a) => a.statusCode === 200),
    `round ${round}`,
  ).toHaveLength(1);
  for (const refused of answers.filter((a) => a.statusCode !== 200))
    expect(refused.json(), `round ${round}`).toMatchObject({ reason: 'NAME_TAKEN' });
  return answers.find((a) => a.statusCode === 200)!;
}

/** A prefix of letters for a number (A, B, … Z, AA, AB, …). */
const prefixOf = (n: number) =>
  n < 26
    ? String.fromCharCode(65 + n)
    : `${String.fromCharCode(65 + Math.floor(n / 26) - 1)}${String.fromCharCode(65 + (n % 26))}`;

describe('names in the catalog, under concurrency', () => {
  it(`a product's: ${ROUNDS} rounds of ${PARALLEL} parallel creates, then renames`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const name = `สินค้า ${round}`;
      await race(() => post('product/doMainProduct', { name }), round);
      const made = await t.db
        .select()
        .from(products)
        .where(and(eq(products.branchId, branchId), eq(products.name, name)));
      expect(made, `round ${round}`).toHaveLength(1);
    }
    // Renames: 30 products renamed to one new name at once.
    const others: string[] = [];
    for (let i = 0; i < PARALLEL; i += 1)
      others.push((await post('product/doMainProduct', { name: `อื่น ${i}` })).json().product.uuid as string);
    await race((i) => post('product/doMainProduct', { uuid: others[i], name: 'ชื่อเดียว' }), 0);
    expect(
      await t.db
        .select()
        .from(products)
        .where(and(eq(products.branchId, branchId), eq(products.name, 'ชื่อเดียว'))),
    ).toHaveLength(1);
  });

  it(`a station's: ${ROUNDS} rounds of ${PARALLEL} parallel creates`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const name = `ลานเท ${round}`;
      await race(() => post('station/doMainStation', { name }), round);
      const made = await t.db
        .select()
        .from(stations)
        .where(and(eq(stations.branchId, branchId), eq(stations.name, name)));
      expect(made, `round ${round}`).toHaveLength(1);
    }
  });

  it(`a queue type of the branch's own: ${ROUNDS} rounds of ${PARALLEL} parallel creates (each with its own prefix)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const name = `ส่งของ ${round}`;
      const made = await race(
        (i) => post('defineQueue/doBranchQT', { name, flow_engine_id: 2, prefix: prefixOf(i), status: '1' }),
        round,
      );
      const named = await t.db
        .select()
        .from(branchQueueTypes)
        .innerJoin(queueTypes, eq(queueTypes.id, branchQueueTypes.queueTypeId))
        .where(and(eq(branchQueueTypes.branchId, branchId), eq(queueTypes.name, name)));
      expect(named, `round ${round}`).toHaveLength(1);
      // Retired again: its prefix is free for the next round.
      const uuid = made.json<{ branchQT: { uuid: string } }>().branchQT.uuid;
      expect((await post('defineQueue/cancelQT', { uuid })).statusCode).toBe(200);
    }
  });
});
