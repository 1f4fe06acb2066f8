import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  linkAlertLine,
  listAlertRules,
  openAlerts,
  saveAlertRule,
  saveMyAlertSettings,
} from '@truck-queue/shared/contracts/alert.contract';
import type { LineRule } from '@truck-queue/shared/contracts/line-rule';
import { ROLE } from '@truck-queue/shared/roles';
import { queueReasons } from '../../db/schema.ts';
import { startFakeLineApi, type FakeLineApi } from '../../test/fake-line-api.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { sendInChat, typedBy } from '../../test/line-chat.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, staffSocket } from '../../test/sockets.ts';

/**
 * A cap near its limit (issue 41, cap_near) through the API: a line whose rule caps burnt cane at
 * 25 % of the day's loads, calls that take its share to 20 %, and a rule at 80 % of the cap raise
 * one alert naming the line, the class, the share and the cap, sent by LINE; it ends when no
 * burnt truck waits any more, or when ordinary calls bring the share down; a rule at 90 % raises
 * nothing; a rule's threshold is a percent for this kind and minutes for every other.
 */

const SECRET = 'abcdef0123456789abcdef0123456789';
const MANAGER_CHAT = `U${'c'.repeat(32)}`;
const MINUTE = 60_000;
let t: TestContext;
let plant: Plant;
let line: FakeLineApi;
let manager: { id: number; session: string };
let socket: Awaited<ReturnType<typeof staffSocket>>;
let plates = 0;

const RULE: LineRule = {
  classes: [
    { key: 'fresh', name: 'อ้อยสด', share: 1, first: true, product_ids: [] },
    { key: 'burnt', name: 'อ้อยไฟไหม้', share: 1, first: false, product_ids: [] },
  ],
  ordinary_share: 1,
  max_wait_minutes: 180,
  fresh_limit_minutes: 360,
  stale_first: false,
  caps: [{ class_key: 'burnt', max_percent: 25, of: 'loads', when_full: 'hold' }],
  ask_reason: false,
};

/** The standard line's cap rule at 80 % of the cap, as an admin saves it. */
const capRule = () =>
  ({
    kind: 'cap_near',
    branch_queue_type_id: plant.types.standard.id,
    threshold_minutes: null,
    threshold_percent: 80,
    repeat_minutes: 0,
    urgent: false,
    active: true,
  }) as const;

beforeAll(async () => {
  line = await startFakeLineApi({ basicId: '@plantline' });
  t = await createTestContext({
    line: { channelSecret: SECRET, channelAccessToken: line.token, apiBase: line.url, basicId: null },
  });
  plant = await createPlant(t, 'Cap plant');
  const o = await t.createOfficer({ branchId: plant.branch.id, roles: ROLE.manager });
  manager = { id: o.id, session: await t.signIn(o.email, o.password) };
  socket = await staffSocket(await listen(t), {
    session: plant.officers.caller.session,
    apiKey: t.config.apiKey,
  });
  const saved = await t.post(
    'admin/queueType/saveOrderRule',
    { id_branchQT: plant.types.standard.id, rule: RULE },
    { session: admin() },
  );
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  closeSockets();
  await t.close();
  await line.close();
});

const admin = () => plant.officers.admin.session;
const evaluate = () => t.app.alerts.evaluate();
const open = () => t.call(openAlerts, {}, manager.session);
const texts = () => line.pushes.map((p) => `${p.to} ${p.texts.join('|')}`);

/** A truck of the class in the standard line, a minute after the last. */
async function truck(orderClass: 'fresh' | 'burnt') {
  t.clock.advance(MINUTE);
  return issueTicket(t, plant, 'standard', `CAP ${String(++plates).padStart(3, '0')}`, {
    order_class: orderClass,
  });
}

/** Calls the truck to the line's station and finishes it there (its call counts in the day's shares). */
async function callAndFinish(queue: { id: number }) {
  t.clock.advance(MINUTE);
  expect(
    await emitAck(socket, 'doCalling', plant.branch.id, queue.id, plant.stations.standardCall.id),
  ).toEqual({ status: 1 });
  expect(await emitAck(socket, 'doFinish', plant.branch.id, queue.id)).toEqual({ status: 1 });
}

async function reclass(queue: { uuid: string }, orderClass: 'fresh' | 'burnt') {
  const [why] = await t.db
    .select({ id: queueReasons.id })
    .from(queueReasons)
    .where(and(eq(queueReasons.branchId, plant.branch.id), eq(queueReasons.kind, 'reclass')));
  const moved = await t.post(
    'process/calling/setOrderClass',
    { uuid: queue.uuid, order_class: orderClass, reason: { reason_id: why!.id } },
    { session: plant.officers.caller.session },
  );
  expect(moved.statusCode, moved.body).toBe(200);
}

describe('a cap near its limit', () => {
  it('refuses a rule whose threshold is not its kind’s, or a percent out of 50 to 100, and saves nothing', async () => {
    const before = (await t.call(listAlertRules, {}, admin())).rules.length;
    const refused = async (body: Record<string, unknown>, path: string) => {
      const response = await t.post(saveAlertRule.path, body, { session: admin() });
      expect(response.json()).toMatchObject({ status: 0, code: 'VALIDATION_FAILED' });
      expect(JSON.stringify(response.json())).toContain(path);
    };
    const cap = capRule();
    await refused({ ...cap, threshold_percent: null }, 'threshold_percent');
    await refused({ ...cap, threshold_minutes: 30 }, 'threshold_minutes');
    await refused({ ...cap, threshold_percent: 49 }, 'threshold_percent');
    await refused({ ...cap, threshold_percent: 101 }, 'threshold_percent');
    await refused({ ...cap, threshold_percent: 80.5 }, 'threshold_percent');
    await refused({ ...cap, kind: 'waiting_call', threshold_minutes: 30 }, 'threshold_percent');
    await refused({ ...cap, kind: 'waiting_call' }, 'threshold_minutes');
    expect((await t.call(listAlertRules, {}, admin())).rules).toHaveLength(before);
  });

  it('is raised at the rule’s percent of the cap while a truck of the class waits, and ends when none does or the share falls', async () => {
    // The manager links his chat and gets the rule by LINE.
    const link = await t.call(linkAlertLine, {}, manager.session);
    await sendInChat(t, SECRET, MANAGER_CHAT, typedBy(link.chat_url!));
    await line.waitForReplies(1);
    const near = await t.call(saveAlertRule, capRule(), admin());
    expect(near.rule).toMatchObject({
      kind: 'cap_near',
      threshold_minutes: null,
      threshold_percent: 80,
      queue_type_name: 'รับสินค้า',
    });
    // At 90 % of the cap (22.5 %) a 20 % share is below its threshold: it never raises here.
    const higher = await t.call(
      saveAlertRule,
      { ...capRule(), branch_queue_type_id: null, threshold_percent: 90 },
      admin(),
    );
    await t.call(
      saveMyAlertSettings,
      { quiet_start: null, quiet_end: null, subscribed_rule_ids: [near.rule.id, higher.rule.id] },
      manager.session,
    );

    // Four fresh loads and one burnt: burnt cane is 20 % of the day's loads, 80 % of its cap.
    for (let i = 0; i < 4; i++) await callAndFinish(await truck('fresh'));
    await callAndFinish(await truck('burnt'));
    const reached = t.clock.now();
    // No burnt truck waits: the cap holds no one, and nothing is raised.
    t.clock.advance(5 * MINUTE);
    expect(await evaluate()).toMatchObject({ raised: 0 });

    const waiting = await truck('burnt');
    expect(await evaluate()).toMatchObject({ raised: 1, rounds: 1 });
    expect(await evaluate()).toMatchObject({ raised: 0, resolved: 0 });
    const [alert, ...others] = (await open()).alerts;
    expect(others).toEqual([]);
    expect(alert).toMatchObject({
      rule_id: near.rule.id,
      kind: 'cap_near',
      threshold_minutes: null,
      threshold_percent: 80,
      queue_uuid: null,
      queue_type_name: 'รับสินค้า',
      class_name: 'อ้อยไฟไหม้',
      share_percent: 20,
      max_percent: 25,
    });
    // Since the call that took the share there.
    expect(Date.parse(alert!.since)).toBe(reached.getTime());
    // The callers of the line see it too.
    expect((await t.call(openAlerts, {}, plant.officers.narrowCaller.session)).alerts).toHaveLength(1);
    await line.waitForPushes(1);
    expect(texts()).toEqual([`${MANAGER_CHAT} ⚠️ ประเภท รับสินค้า: อ้อยไฟไหม้ ถึง 20% ของวันนี้ (เพดาน 25%) มีรถรอ`]);

    // The waiting truck turns out fresh: no burnt truck waits, the alert ends.
    await reclass(waiting, 'fresh');
    expect(await evaluate()).toMatchObject({ raised: 0, resolved: 1 });
    expect((await open()).alerts).toEqual([]);
    // Burnt again: raised again.
    await reclass(waiting, 'burnt');
    expect(await evaluate()).toMatchObject({ raised: 1, resolved: 0 });

    // An ordinary load more: 1 in 6 is 16.7 %, below 80 % of the cap; the alert ends.
    await callAndFinish(await truck('fresh'));
    expect(await evaluate()).toMatchObject({ raised: 0, resolved: 1 });
    expect((await open()).alerts).toEqual([]);
  });
});
