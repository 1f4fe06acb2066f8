import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supplierGradeLine, supplierScorecard } from '@truck-queue/shared/contracts/scorecard.contract';
import { issueSupplierPin } from '@truck-queue/shared/contracts/supplier-portal.contract';
import { saveSupplier } from '@truck-queue/shared/contracts/supplier.contract';
import { branches } from '../../db/schema.ts';
import { startFakeLineApi, type FakeLineApi } from '../../test/fake-line-api.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { sendInChat, typedBy } from '../../test/line-chat.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { GRADE_LINE_TEXT, gradeCodeIn } from './supplier-grades.service.ts';

/**
 * The suppliers' daily grade (issue 41): the supplier links its LINE chat with the code its page
 * shows, the job grades it once a plant day (a second run changes nothing), and a change of grade
 * goes to the chat through the outbox, retried after a failure.
 */

const SECRET = 'grade-line-channel-secret';
const USER = `U${'a'.repeat(32)}`;
const PLATES = ['71-0001 ขอนแก่น', '71-0002 ขอนแก่น', '71-0003 ขอนแก่น', '71-0004 ขอนแก่น', '71-0005 ขอนแก่น'];

let line: FakeLineApi;
let t: TestContext;
let plant: Plant;
let supplierId: number;
let token: string;

beforeAll(async () => {
  line = await startFakeLineApi({ basicId: '@gradeline' });
  t = await createTestContext({
    line: { channelSecret: SECRET, channelAccessToken: line.token, apiBase: line.url, basicId: null },
  });
  plant = await createPlant(t, 'Grades plant');
  const admin = plant.officers.admin.session;
  supplierId = (
    await t.call(
      saveSupplier,
      {
        code: 'G-1',
        name: 'ไร่ทองดี',
        kind: 'grower',
        phone: null,
        tax_id: null,
        leader_id: null,
        active: true,
        vehicles: PLATES,
      },
      admin,
    )
  ).supplier.id;
  const { pin } = await t.call(issueSupplierPin, { supplier_id: supplierId }, admin);
  const [branch] = await t.db
    .select({ uuid: branches.uuid })
    .from(branches)
    .where(eq(branches.id, plant.branch.id));
  const signIn = await t.post('public/supplier/signIn', { branch: branch!.uuid, code: 'G-1', pin });
  expect(signIn.statusCode, signIn.body).toBe(200);
  token = signIn.json<{ token: string }>().token;
});
afterAll(async () => {
  await t.close();
  await line.close();
});

describe("a supplier's grade on LINE", () => {
  it('links the chat with the code its page shows', async () => {
    expect((await t.call(supplierScorecard, { token }, '')).line_linked).toBe(false);
    const link = await t.call(supplierGradeLine, { token }, '');
    expect(link.code).toMatch(/^GRADE-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(gradeCodeIn(typedBy(link.chat_url!))).toBe(link.code.slice('GRADE-'.length));
    // An officer's alert code is not a supplier's, and the reverse.
    expect(gradeCodeIn('ALERT-AAAA-BBBB')).toBeNull();
    await sendInChat(t, SECRET, USER, typedBy(link.chat_url!));
    const [reply] = await line.waitForReplies(1);
    expect(reply!.texts).toEqual([GRADE_LINE_TEXT.linked]);
    expect((await t.call(supplierScorecard, { token }, '')).line_linked).toBe(true);
  });

  it('grades once a plant day, and sends a change of grade, retried after a failure', async () => {
    // Four trucks today: not graded yet.
    for (const plate of PLATES.slice(0, 4)) await issueTicket(t, plant, 'standard', plate);
    expect(await t.app.supplierGrades.run()).toEqual({ graded: 1, changed: 0, sent: 0 });
    expect(await t.app.supplierGrades.run()).toEqual({ graded: 0, changed: 0, sent: 0 });

    // The next day a fifth truck: five clean loads, an A. LINE fails once, then takes it.
    t.clock.advance(24 * 3_600_000);
    const caller = plant.officers.caller;
    caller.session = await t.signIn(caller.email, caller.password);
    await issueTicket(t, plant, 'standard', PLATES[4]!);
    line.failPushes('server-error', 1);
    expect(await t.app.supplierGrades.run()).toEqual({ graded: 1, changed: 1, sent: 0 });
    expect(await t.app.supplierGrades.messagesOf(supplierId)).toMatchObject([
      { status: 'pending', attempts: 1, lineUserId: USER },
    ]);
    t.clock.advance(10_000);
    expect(await t.app.supplierGrades.sendDue()).toBe(1);
    const [push] = line.pushes.filter((p) => p.to === USER);
    expect(push!.texts[0]).toContain('เกรดเปลี่ยนจาก ยังไม่ให้เกรด เป็น A (100 คะแนน)');
    expect(push!.texts[0]).toContain('ไร่ทองดี (G-1)');
    expect(await t.app.supplierGrades.messagesOf(supplierId)).toMatchObject([
      { status: 'sent', attempts: 2 },
    ]);
    expect((await t.app.supplierGrades.gradesOf(supplierId)).map((g) => [g.grade, g.trucks])).toEqual([
      [null, 4],
      ['A', 5],
    ]);
  });
});
