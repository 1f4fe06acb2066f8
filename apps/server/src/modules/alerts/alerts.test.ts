import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acknowledgeAlert,
  alertHistory,
  linkAlertLine,
  myAlertSettings,
  openAlerts,
  saveAlertRule,
  saveMyAlertSettings,
  type AlertRow,
} from '@truck-queue/shared/contracts/alert.contract';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { ROLE } from '@truck-queue/shared/roles';
import { devices, officers } from '../../db/schema.ts';
import { startFakeLineApi, type FakeLineApi } from '../../test/fake-line-api.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { sendInChat, typedBy } from '../../test/line-chat.ts';
import { createPlant, issueTicket, type Plant } from '../../test/plant.ts';
import { closeSockets, emitAck, listen, staffSocket } from '../../test/sockets.ts';

/**
 * The manager's alerts (issue 41) through the API: a rule per queue type, a truck past its
 * threshold raises one alert, shown to the officers it concerns and sent by LINE (a stand-in for
 * the Messaging API on 127.0.0.1) to the manager who linked his chat, again every repeat until
 * someone acknowledges it, kept in the history with who did and when; quiet hours hold all but
 * the urgent; a station idle while trucks wait and a printer out of paper raise theirs too.
 */

const SECRET = 'abcdef0123456789abcdef0123456789';
const MANAGER_CHAT = `U${'a'.repeat(32)}`;
const MINUTE = 60_000;
let t: TestContext;
let plant: Plant;
let line: FakeLineApi;
let manager: { id: number; session: string };
let plates = 0;

beforeAll(async () => {
  line = await startFakeLineApi({ basicId: '@plantline' });
  t = await createTestContext({
    line: { channelSecret: SECRET, channelAccessToken: line.token, apiBase: line.url, basicId: null },
  });
  plant = await createPlant(t, 'Alerts plant');
  const o = await t.createOfficer({ branchId: plant.branch.id, roles: ROLE.manager });
  manager = { id: o.id, session: await t.signIn(o.email, o.password) };
});
afterAll(async () => {
  closeSockets();
  await t.close();
  await line.close();
});

const plate = () => `AL ${String(++plates).padStart(3, '0')}`;
const admin = () => plant.officers.admin.session;
const rule = (body: BodyOf<typeof saveAlertRule>) => t.call(saveAlertRule, body, admin());
const open = (session: string) => t.call(openAlerts, {}, session);
const texts = () => line.pushes.map((p) => `${p.to} ${p.texts.join('|')}`);
const evaluate = () => t.app.alerts.evaluate();
/** The manager keeps his rules and adds these, with these quiet hours. */
async function managerAlsoSubscribes(
  ruleIds: number[],
  quiet: { quiet_start: string | null; quiet_end: string | null },
) {
  const mine = await t.call(myAlertSettings, {}, manager.session);
  const subscribed = mine.settings.rules.filter((r) => r.subscribed).map((r) => r.id);
  await t.call(
    saveMyAlertSettings,
    { ...quiet, subscribed_rule_ids: [...subscribed, ...ruleIds] },
    manager.session,
  );
}

describe('alert rules', () => {
  it('refuse what is not a rule, a queue type of another branch, and officers who are not admins', async () => {
    const bad = async (body: unknown, code: string, session = admin()) => {
      const response = await t.post(saveAlertRule.path, body, { session });
      expect(response.json()).toMatchObject({ status: 0, code });
    };
    const valid = {
      kind: 'waiting_call',
      branch_queue_type_id: null,
      threshold_minutes: 30,
      threshold_percent: null,
      repeat_minutes: 0,
      urgent: false,
      active: true,
    };
    await bad({ ...valid, kind: 'coffee_break' }, 'VALIDATION_FAILED');
    await bad({ ...valid, threshold_minutes: 0 }, 'VALIDATION_FAILED');
    await bad({ ...valid, repeat_minutes: 1441 }, 'VALIDATION_FAILED');
    await bad(
      { ...valid, kind: 'device_offline', branch_queue_type_id: plant.types.standard.id },
      'VALIDATION_FAILED',
    );
    const other = await createPlant(t, 'Other plant');
    await bad({ ...valid, branch_queue_type_id: other.types.standard.id }, 'NOT_FOUND');
    await bad({ ...valid, id: 999_999 }, 'NOT_FOUND');
    await bad(valid, 'FORBIDDEN', plant.officers.caller.session);
  });
});

describe('a truck waiting past its threshold', () => {
  let ruleId: number;
  let alert: AlertRow;

  it('is an alert for the officers it concerns and a LINE message to the manager who linked his chat', async () => {
    ruleId = (
      await rule({
        kind: 'waiting_call',
        branch_queue_type_id: plant.types.standard.id,
        threshold_minutes: 30,
        threshold_percent: null,
        repeat_minutes: 15,
        urgent: true,
        active: true,
      })
    ).rule.id;
    // The manager links his chat: the code the page gives, sent in the chat with the plant.
    const link = await t.call(linkAlertLine, {}, manager.session);
    expect(link.code).toMatch(/^ALERT-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(link.chat_url).toMatch(/^https:\/\/line\.me\/R\/oaMessage\/@plantline\/\?/);
    await sendInChat(t, SECRET, MANAGER_CHAT, typedBy(link.chat_url!));
    expect((await line.waitForReplies(1))[0]!.texts[0]).toContain('เชื่อมต่อแล้ว');
    // The same code a second time is spent.
    await sendInChat(t, SECRET, MANAGER_CHAT, typedBy(link.chat_url!));
    expect((await line.waitForReplies(2))[1]!.texts[0]).toContain('ไม่ถูกต้องหรือหมดอายุ');
    const settings = await t.call(
      saveMyAlertSettings,
      { quiet_start: null, quiet_end: null, subscribed_rule_ids: [ruleId] },
      manager.session,
    );
    expect(settings.settings).toMatchObject({ line_linked: true, rules: [{ id: ruleId, subscribed: true }] });

    const truck = await issueTicket(t, plant, 'standard', plate());
    t.clock.advance(29 * MINUTE);
    expect(await evaluate()).toMatchObject({ raised: 0 });
    expect((await open(manager.session)).alerts).toEqual([]);
    t.clock.advance(2 * MINUTE);
    expect(await evaluate()).toMatchObject({ raised: 1 });
    // A second look raises nothing more.
    expect(await evaluate()).toMatchObject({ raised: 0, resolved: 0 });

    const seen = await open(manager.session);
    expect(seen.unacknowledged).toBe(1);
    alert = seen.alerts[0]!;
    expect(alert).toMatchObject({
      kind: 'waiting_call',
      urgent: true,
      queue_number: truck.queue_number,
      rounds: 1,
    });
    // The callers of the type see it; the lab does not.
    expect((await open(plant.officers.narrowCaller.session)).alerts.map((a) => a.id)).toEqual([alert.id]);
    expect((await open(plant.officers.lab.session)).alerts).toEqual([]);

    expect(texts()).toEqual([
      `${MANAGER_CHAT} 🚨 คิว ${truck.queue_number} (${alert.truck_license}) ประเภท รับสินค้า รอเรียกมาแล้ว 31 นาที`,
    ]);
  });

  it('is sent again every repeat until acknowledged, then kept with who acknowledged it', async () => {
    t.clock.advance(14 * MINUTE);
    await evaluate();
    expect(line.pushes).toHaveLength(1);
    t.clock.advance(1 * MINUTE);
    await evaluate();
    expect(texts()[1]).toContain('(แจ้งครั้งที่ 2)');

    const acked = await t.call(acknowledgeAlert, { id: alert.id }, plant.officers.narrowCaller.session);
    expect(acked.alert.acknowledged_by).toBeTruthy();
    expect((await open(manager.session)).unacknowledged).toBe(0);
    const again = await t.post(acknowledgeAlert.path, { id: alert.id }, { session: manager.session });
    expect(again.json()).toMatchObject({ code: 'CONFLICT', reason: 'ALERT_ACKNOWLEDGED' });
    // The lab may not acknowledge what is not theirs.
    const other = await t.post(
      acknowledgeAlert.path,
      { id: alert.id },
      { session: plant.officers.lab.session },
    );
    expect(other.json()).toMatchObject({ code: 'NOT_FOUND' });

    t.clock.advance(30 * MINUTE);
    await evaluate();
    expect(line.pushes).toHaveLength(2);
  });

  it('ends when the truck is called, and the history keeps it', async () => {
    const socket = await staffSocket(await listen(t), {
      session: plant.officers.caller.session,
      apiKey: t.config.apiKey,
    });
    expect(await emitAck(socket, 'joinRoom', plant.branch.id, 'System')).toEqual({ status: 1 });
    const told = new Promise<void>((resolve) => socket.once('alertsChanged', () => resolve()));
    const [row] = (await open(manager.session)).alerts;
    const [queue] = await t.db
      .execute<{ id: number }>(
        // The alert's truck, called to its station.
        `select id from queues where uuid = '${row!.queue_uuid}'`,
      )
      .then((r) => r.rows);
    expect(
      await emitAck(socket, 'doCalling', plant.branch.id, Number(queue!.id), plant.stations.standardCall.id),
    ).toEqual({ status: 1 });
    expect(await evaluate()).toMatchObject({ resolved: 1 });
    await told;
    expect((await open(manager.session)).alerts).toEqual([]);
    const day = t.clock.now().toISOString().slice(0, 10);
    const history = await t.call(alertHistory, { find_start: day, find_finish: day }, manager.session);
    expect(history.alerts[0]).toMatchObject({ id: alert.id, rounds: 2 });
    expect(history.alerts[0]!.resolved_at).not.toBeNull();
    expect(history.alerts[0]!.acknowledged_at).not.toBeNull();
    // Counted whole: acknowledged 15 minutes after it was raised.
    expect(history.summary).toEqual({
      raised: 1,
      acknowledged: 1,
      ended: 1,
      by_kind: [{ kind: 'waiting_call', count: 1 }],
      median_acknowledge_minutes: 15,
    });
    const bad = await t.post(
      alertHistory.path,
      { find_start: day, find_finish: '2020-01-01' },
      { session: manager.session },
    );
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('quiet hours', () => {
  it('hold an ordinary alert from LINE but not an urgent one', async () => {
    const quiet = (
      await rule({
        kind: 'inside_plant',
        branch_queue_type_id: plant.types.general.id,
        threshold_minutes: 60,
        threshold_percent: null,
        repeat_minutes: 0,
        urgent: false,
        active: true,
      })
    ).rule.id;
    const loud = (
      await rule({
        kind: 'inside_plant',
        branch_queue_type_id: plant.types.general.id,
        threshold_minutes: 90,
        threshold_percent: null,
        repeat_minutes: 0,
        urgent: true,
        active: true,
      })
    ).rule.id;
    // Quiet all day but the last minute.
    await managerAlsoSubscribes([quiet, loud], { quiet_start: '00:00', quiet_end: '23:59' });
    const before = line.pushes.length;
    const truck = await issueTicket(t, plant, 'general', plate());
    t.clock.advance(61 * MINUTE);
    expect(await evaluate()).toMatchObject({ raised: 1 });
    t.clock.advance(30 * MINUTE);
    expect(await evaluate()).toMatchObject({ raised: 1 });
    expect(texts().slice(before)).toEqual([expect.stringContaining(`🚨 คิว ${truck.queue_number}`)]);
    // Refused: a rule he may not choose, quiet hours without an end.
    const other = await t.post(
      saveMyAlertSettings.path,
      { quiet_start: null, quiet_end: null, subscribed_rule_ids: [999_999] },
      { session: manager.session },
    );
    expect(other.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const half = await t.post(
      saveMyAlertSettings.path,
      { quiet_start: '22:00', quiet_end: null, subscribed_rule_ids: [] },
      { session: manager.session },
    );
    expect(half.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    // Turned off, a rule's alerts end at once.
    const off = {
      kind: 'inside_plant',
      branch_queue_type_id: plant.types.general.id,
      threshold_percent: null,
      repeat_minutes: 0,
    } as const;
    await rule({ ...off, id: quiet, threshold_minutes: 60, urgent: false, active: false });
    await rule({ ...off, id: loud, threshold_minutes: 90, urgent: true, active: false });
    expect(
      (await open(manager.session)).alerts.filter((a) => a.rule_id === quiet || a.rule_id === loud),
    ).toEqual([]);
  });
});

describe('a subscriber whose work changed', () => {
  it('is no longer sent the alerts of a line that is not theirs any more', async () => {
    const officer = await t.createOfficer({ branchId: plant.branch.id, roles: ROLE.manager });
    const session = await t.signIn(officer.email, officer.password);
    const chat = `U${'b'.repeat(32)}`;
    const link = await t.call(linkAlertLine, {}, session);
    await sendInChat(t, SECRET, chat, typedBy(link.chat_url!));
    const waiting = (
      await rule({
        kind: 'waiting_call',
        branch_queue_type_id: plant.types.general.id,
        threshold_minutes: 45,
        threshold_percent: null,
        repeat_minutes: 10,
        urgent: true,
        active: true,
      })
    ).rule.id;
    await t.call(
      saveMyAlertSettings,
      { quiet_start: null, quiet_end: null, subscribed_rule_ids: [waiting] },
      session,
    );
    const truck = await issueTicket(t, plant, 'general', plate());
    const toThem = () =>
      line.pushes.filter((p) => p.to === chat && p.texts.join().includes(`คิว ${truck.queue_number} `));
    t.clock.advance(46 * MINUTE);
    await evaluate();
    expect(toThem()).toHaveLength(1);
    // Moved from the office to the gate (no line of theirs): the repeat does not reach them.
    await t.db.update(officers).set({ roles: ROLE.security }).where(eq(officers.id, officer.id));
    t.clock.advance(10 * MINUTE);
    await evaluate();
    expect(toThem()).toHaveLength(1);
    await rule({
      id: waiting,
      kind: 'waiting_call',
      branch_queue_type_id: plant.types.general.id,
      threshold_minutes: 45,
      threshold_percent: null,
      repeat_minutes: 10,
      urgent: true,
      active: false,
    });
  });
});

describe('a station and a printer', () => {
  it('raise an alert for a station idle while trucks wait, and one for a printer out of paper', async () => {
    const idle = (
      await rule({
        kind: 'station_idle',
        branch_queue_type_id: null,
        threshold_minutes: 20,
        threshold_percent: null,
        repeat_minutes: 0,
        urgent: false,
        active: true,
      })
    ).rule.id;
    const [kiosk] = await t.db
      .insert(devices)
      .values({
        branchId: plant.branch.id,
        kind: 'printer',
        name: 'ตู้ออกบัตรประตู 1',
        deviceId: 'KIOSKAL1',
        secretHash: 'x'.repeat(64),
        printTarget: 'network',
        printerHost: '127.0.0.1',
        printerHealth: 'paper_end',
        printerHealthAt: t.clock.now(),
      })
      .returning();
    const paper = (
      await rule({
        kind: 'printer_paper',
        branch_queue_type_id: null,
        threshold_minutes: 5,
        threshold_percent: null,
        repeat_minutes: 0,
        urgent: false,
        active: true,
      })
    ).rule.id;
    t.clock.advance(21 * MINUTE);
    await evaluate();
    const alerts = (await open(plant.officers.admin.session)).alerts;
    const mine = alerts.filter((a) => a.rule_id === idle || a.rule_id === paper);
    // The general desk's station idles while the general truck of the last test waits; the
    // standard station has its truck at it (called above), and the lab's line is empty.
    expect(mine.map((a) => [a.kind, a.station_name ?? a.device_name]).sort()).toEqual([
      ['printer_paper', 'ตู้ออกบัตรประตู 1'],
      ['station_idle', 'ต้อนรับ'],
    ]);
    // The caller of that station sees the station's; the security guard sees neither.
    expect((await open(plant.officers.caller.session)).alerts.some((a) => a.rule_id === idle)).toBe(true);
    expect((await open(plant.officers.security.session)).alerts).toEqual([]);
    // Paper in: the printer's alert ends.
    await t.db.update(devices).set({ printerHealth: 'ok' }).where(eq(devices.id, kiosk!.id));
    await evaluate();
    expect((await open(plant.officers.admin.session)).alerts.some((a) => a.rule_id === paper)).toBe(false);
  });
});

describe('many trucks past a rule at once', () => {
  it('is one LINE message naming the first and counting the rest, and one for each repeat', async () => {
    for (let i = 0; i < 6; i++) await issueTicket(t, plant, 'standard', plate());
    const many = (
      await rule({
        kind: 'inside_plant',
        branch_queue_type_id: plant.types.standard.id,
        threshold_minutes: 20,
        threshold_percent: null,
        repeat_minutes: 30,
        urgent: true,
        active: true,
      })
    ).rule.id;
    await managerAlsoSubscribes([many], { quiet_start: null, quiet_end: null });
    const before = line.pushes.length;
    t.clock.advance(21 * MINUTE);
    await evaluate();
    // Raised in this look (a truck of an earlier test was past it when the rule was saved).
    const raised = (await open(manager.session)).alerts.filter(
      (a) => a.rule_id === many && a.raised_at === t.clock.now().toISOString(),
    );
    expect(raised).toHaveLength(6);
    const digest = texts()
      .slice(before)
      .filter((text) => text.includes('อยู่ในโรงงานเกิน 20 นาที'));
    expect(digest).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${MANAGER_CHAT} 🚨 รถ ${raised.length} คัน ประเภท รับสินค้า อยู่ในโรงงานเกิน 20 นาที: คิว B002, B003, B004, B005, B006 และอีก 1 คัน$`,
        ),
      ),
    ]);
    t.clock.advance(30 * MINUTE);
    await evaluate();
    expect(texts().filter((text) => text.includes('อยู่ในโรงงานเกิน 20 นาที'))).toEqual([
      digest[0],
      expect.stringContaining('(แจ้งครั้งที่ 2)'),
    ]);
  });

  it('still sends a digest held by a failed send when one alert it names is acknowledged, and drops it when all are', async () => {
    for (let i = 0; i < 6; i++) await issueTicket(t, plant, 'general', plate());
    const digestRule = (
      await rule({
        kind: 'inside_plant',
        branch_queue_type_id: plant.types.general.id,
        threshold_minutes: 25,
        threshold_percent: null,
        repeat_minutes: 30,
        urgent: true,
        active: true,
      })
    ).rule.id;
    await managerAlsoSubscribes([digestRule], { quiet_start: null, quiet_end: null });
    const ofRule = async () =>
      (await open(manager.session)).alerts.filter((a) => a.rule_id === digestRule && !a.acknowledged_at);
    const digests = () => texts().filter((text) => text.includes('อยู่ในโรงงานเกิน 25 นาที'));
    /** The round's one message, kept against the alert it names last (the latest round). */
    const heldDigest = async (ids: number[]) => {
      const rows = (await Promise.all(ids.map((id) => t.app.alerts.deliveriesOf(id)))).flat();
      const pending = rows.filter((r) => r.status === 'pending' || r.status === 'dropped');
      expect(pending).toHaveLength(1);
      return pending[0]!;
    };

    // LINE answers 500 to the first round's digest: it waits for its retry.
    line.failPushes('server-error', 1, 'อยู่ในโรงงานเกิน 25 นาที');
    t.clock.advance(26 * MINUTE);
    await evaluate();
    // Those raised in this look (general trucks of earlier tests were past it when it was saved).
    const named = (await ofRule()).filter((a) => a.raised_at === t.clock.now().toISOString());
    expect(named).toHaveLength(6);
    const held = await heldDigest(named.map((a) => a.id));
    expect(held).toMatchObject({ status: 'pending', round: 1 });
    expect([...held.covers!].sort()).toEqual(named.map((a) => a.id).sort());
    expect(digests()).toEqual([]);
    // The alert it is kept against is acknowledged: the others it names are not, so it goes.
    await t.call(acknowledgeAlert, { id: held.alertId }, admin());
    t.clock.advance(11_000);
    await evaluate();
    expect(digests()).toEqual([expect.stringContaining('🚨 รถ 6 คัน')]);

    // The next round names the rest; it fails too, and everyone acknowledges them before its retry.
    line.failPushes('server-error', 1, 'อยู่ในโรงงานเกิน 25 นาที');
    t.clock.advance(30 * MINUTE);
    await evaluate();
    const rest = await ofRule();
    expect(rest.map((a) => a.id)).toEqual(
      expect.arrayContaining(named.filter((a) => a.id !== held.alertId).map((a) => a.id)),
    );
    expect(rest.map((a) => a.id)).not.toContain(held.alertId);
    const second = await heldDigest(rest.map((a) => a.id));
    expect(second).toMatchObject({ status: 'pending', round: 2 });
    for (const a of rest) await t.call(acknowledgeAlert, { id: a.id }, admin());
    expect(await t.app.alerts.deliveriesOf(second.alertId)).toContainEqual(
      expect.objectContaining({ id: second.id, status: 'dropped' }),
    );
    t.clock.advance(11_000);
    await evaluate();
    expect(digests()).toHaveLength(1);
  });
});
