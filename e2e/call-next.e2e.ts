import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LineRule } from '@truck-queue/shared/contracts/line-rule';
import { FLOW_ENGINE, isCalledState } from '@truck-queue/shared/queue/queue-machine';
import { dialog, queueButton } from './support/browser.ts';
import {
  API_KEY,
  demoQueueTypes,
  employeeSession,
  post,
  freshLicence,
  signIn,
  type IssuedTicket,
} from './support/demo-plant.ts';
import { newIdentity, registerNewDisplay, useIdentity } from './support/devices.ts';
import { ENGLISH, fileBrowser } from './support/file-browser.ts';

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

/** The standard line: fresh loads first, and a call past the rule's next asks why. */
const RULE: LineRule = {
  classes: [{ key: 'fresh', name: 'Fresh', share: 1, first: true, product_ids: [] }],
  ordinary_share: 1,
  max_wait_minutes: null,
  fresh_limit_minutes: null,
  stale_first: false,
  caps: [],
  ask_reason: true,
};

let lineId = 0;
let productId = 0;

async function saveRule(rule: LineRule | null): Promise<void> {
  const admin = await signIn(baseUrl, 'admin@example.com', 'admin1234');
  await post(baseUrl, 'admin/queueType/saveOrderRule', { id_branchQT: lineId, rule }, admin.session);
}

interface CardRow {
  _id: number;
  queue_date: string;
  uuid: string;
  queue_state: string;
  line_place: { position: number; hold: unknown } | null;
}
interface Card {
  _id: number;
  station_permission: { id: number; type: number }[];
  queue_number: CardRow[];
}

/**
 * Earlier files leave trucks on the line: its called ones are finished (Call next needs a free
 * station), and the waiting ones of earlier plant days (whose line Call next takes first) are
 * called and finished, so the day's own line is the one the test calls from.
 */
async function clearLine(today: string): Promise<void> {
  const { session, branchId } = await employeeSession(baseUrl);
  const socket = io(baseUrl, { auth: { session, apiKey: API_KEY }, transports: ['websocket'] });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  try {
    for (let round = 0; round < 50; round++) {
      const { card } = await post<{ card: Card[] }>(
        baseUrl,
        'process/calling/getCardInProcess',
        { find_total_day: 3 },
        session,
      );
      const line = card.filter((c) => c._id === lineId);
      const rows = line.flatMap((c) => c.queue_number);
      for (const q of rows.filter((r) => isCalledState(r.queue_state as never)))
        await socket.emitWithAck('doFinish', branchId, q._id);
      const earlier = rows
        .filter((r) => r.queue_date < today && r.line_place && r.line_place.hold === null)
        .sort(
          (a, b) =>
            a.queue_date.localeCompare(b.queue_date) || a.line_place!.position - b.line_place!.position,
        )[0];
      const station = line[0]?.station_permission.find((s) => s.type === 1);
      if (!earlier || !station) return;
      await socket.emitWithAck('doCalling', branchId, earlier._id, station.id);
      await socket.emitWithAck('doFinish', branchId, earlier._id);
    }
  } finally {
    socket.disconnect();
  }
}

async function issue(orderClass?: string): Promise<IssuedTicket> {
  const { session } = await employeeSession(baseUrl);
  const { queue } = await post<{ queue: { queue_number: string; uuid: string } }>(
    baseUrl,
    'process/printer/issueQueue',
    {
      id_branchQT: lineId,
      product: productId,
      truck_license: freshLicence(),
      ...(orderClass ? { order_class: orderClass } : {}),
    },
    session,
  );
  return { queueNumber: queue.queue_number, uuid: queue.uuid };
}

beforeAll(async () => {
  const line = (await demoQueueTypes(baseUrl)).find((q) => q.flow_engine_id === FLOW_ENGINE.standard);
  if (!line) throw new Error('The demo has no standard line');
  lineId = line.id;
  productId = line.product[0]!.id;
  await saveRule(RULE);
});

// Other files share this server: the line goes back to first come, first served.
afterAll(async () => {
  if (lineId) await saveRule(null);
});

describe('Call next on Manage Calling', () => {
  it("calls the rule's next by button and key, and asks why when a later truck is called first", async () => {
    const first = await issue();
    const second = await issue();
    const fresh = await issue('fresh');
    const { card: cards } = await post<{ card: Card[] }>(
      baseUrl,
      'process/calling/getCardInProcess',
      { find_total_day: 1 },
      (await employeeSession(baseUrl)).session,
    );
    const today = cards.flatMap((c) => c.queue_number).find((q) => q.uuid === fresh.uuid)!.queue_date;
    await clearLine(today);
    const page = await files.officerPage('employee@example.com', 'demo1234', '/System/manageCalling/1', {
      ...ENGLISH,
      viewport: { width: 1366, height: 900 },
    });
    const card = page.locator(`[data-card="${lineId}"]`);

    // The fresh truck goes first: marked Next, with its class named.
    const freshButton = queueButton(page, fresh, 'waiting');
    await expect.poll(() => freshButton.getAttribute('data-next')).toBe('true');
    expect(await freshButton.getByTestId('queue-next').innerText()).toContain('Next · Fresh');
    expect(await freshButton.getByTestId('queue-class').innerText()).toBe('Fresh');

    // The button calls it to a free station and says where.
    await card.getByTestId('call-next').click();
    await page.getByText(new RegExp(`^Called ${fresh.queueNumber} to `)).waitFor();
    await queueButton(page, fresh, 'inProcess').waitFor();

    // The N key calls the following one on the card under the pointer.
    const following = card.locator('[data-column="waiting"] button[data-next="true"]');
    await following.waitFor();
    const followingUuid = await following.getAttribute('data-queue');
    await card.locator('[data-column="waiting"]').hover({ position: { x: 5, y: 5 } });
    await page.keyboard.press('n');
    await page.locator(`[data-column="inProcess"] button[data-queue="${followingUuid}"]`).waitFor();

    // A later truck than the next: the call asks for an out-of-order reason, then goes through.
    const later = followingUuid === second.uuid ? first : second;
    const laterIsNext = await queueButton(page, later, 'waiting').getAttribute('data-next');
    const target = laterIsNext === 'true' ? await issue() : later;
    await queueButton(page, target, 'waiting').click();
    const actions = dialog(page, `Queue ${target.queueNumber}`);
    await actions.waitFor();
    await actions.locator('.ant-radio-button-wrapper').first().click();
    await actions.getByTestId('call-button').click();
    const why = dialog(page, `Call ${target.queueNumber} before the next`);
    await why.waitFor();
    await why.getByRole('combobox').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await why.getByRole('button', { name: 'Call out of order' }).click();
    await queueButton(page, target, 'inProcess').waitFor();
    await page.context().close();
  });
});

describe('the TV board of a line with a rule', () => {
  it('lists the next trucks as the rule calls them, with why one goes ahead, nothing cut', async () => {
    await issue();
    const fresh = await issue('fresh');
    const { card: cards } = await post<{ card: Card[] }>(
      baseUrl,
      'process/calling/getCardInProcess',
      { find_total_day: 1 },
      (await employeeSession(baseUrl)).session,
    );
    await clearLine(cards.flatMap((c) => c.queue_number).find((q) => q.uuid === fresh.uuid)!.queue_date);
    const identity = newIdentity();
    await registerNewDisplay(baseUrl, identity, [lineId], 4);
    const page = await files.page({ ...ENGLISH, viewport: { width: 1920, height: 1080 } });
    await useIdentity(page, 'display', identity);
    await page.goto('/DisplayManage');
    const line = page.getByTestId('display-next-line');
    await line.waitFor({ timeout: 15_000 });
    const items = line.getByTestId('display-next-item');
    // The fresh load first, named by its class, however many ordinary trucks came before it.
    expect(await items.first().innerText()).toMatch(new RegExp(`^${fresh.queueNumber}\\s+Fresh$`));
    expect(await items.count()).toBeGreaterThan(1);
    const fits = await line.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    expect(fits).toBe(true);
    await page.context().close();
  });
});

describe('a held truck and a class change on Manage Calling', () => {
  it('lets a manager admit a truck past a full cap, and moves a truck to another class, each with a reason', async () => {
    await saveRule({
      ...RULE,
      classes: [...RULE.classes, { key: 'burnt', name: 'Burnt', share: 1, first: false, product_ids: [] }],
      caps: [{ class_key: 'burnt', max_percent: 1, of: 'loads', when_full: 'ask' }],
    });
    try {
      const burnt = await issue('burnt');
      const ordinary = await issue();
      const page = await files.officerPage('admin@example.com', 'admin1234', '/System/manageCalling/1', {
        ...ENGLISH,
        viewport: { width: 1366, height: 900 },
      });
      // The burnt load waits held: its cap (1 % of the day's loads) is full.
      const held = queueButton(page, burnt, 'waiting');
      await expect.poll(() => held.getAttribute('data-held')).toBe('true');
      await held.click();
      const actions = dialog(page, `Queue ${burnt.queueNumber}`);
      await actions.getByRole('button', { name: 'Admit' }).click();
      const admit = dialog(page, `Admit ${burnt.queueNumber} past the cap`);
      await admit.getByRole('combobox').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
      await admit.getByRole('button', { name: 'Admit' }).click();
      await page.getByText(`${burnt.queueNumber} admitted: it may be called today`).waitFor();
      await expect.poll(() => held.getAttribute('data-held')).toBeNull();
      expect(await held.getAttribute('aria-label')).toContain('Admitted past the cap');

      // The ordinary truck becomes a fresh load: it goes first, marked Next with its class.
      const moved = queueButton(page, ordinary, 'waiting');
      await moved.click();
      const its = dialog(page, `Queue ${ordinary.queueNumber}`);
      await its.getByRole('button', { name: 'Change class' }).click();
      const reclass = dialog(page, `Change the class of ${ordinary.queueNumber}`);
      await reclass.getByTestId('reclass-select').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: 'Fresh' })
        .click();
      await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
      await reclass.getByRole('combobox').last().click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
      await reclass.getByRole('button', { name: 'Change class' }).click();
      await page.getByText(`Class of ${ordinary.queueNumber} changed`).waitFor();
      await expect.poll(() => moved.getByTestId('queue-class').innerText()).toBe('Fresh');
      await page.context().close();
    } finally {
      await saveRule(RULE);
    }
  });
});
