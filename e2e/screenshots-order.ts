import type { Browser } from 'playwright-core';
import { io } from 'socket.io-client';
import { signInDirect } from './support/browser.ts';
import { API_KEY, employeeSession, post, freshLicence, signIn } from './support/demo-plant.ts';
import { preparePage, shoot } from './support/screenshot-kit.ts';

const ADMIN = ['admin@example.com', 'admin1234'] as const;
const MANAGER = ['manager@example.com', 'demo1234'] as const;

type Line = { id: number; prefix: string; aProductUI: { id: number; name: string }[] };

/**
 * Who goes first (issue 38): the receiving line (B) gets a rule — bagged starch always first,
 * cassava pulp at most 25 % of the day's loads, over 3 h waiting first, out-of-order calls with
 * a reason — the officer calls two trucks out of order with reasons, and the shots are Define
 * Queue with the rule in short, the rule's editor and the call order report. The line goes back
 * to first come, first served after, for the sections that follow.
 */
export async function shootOrderScreens(browser: Browser, baseUrl: string): Promise<void> {
  const { session } = await signIn(baseUrl, ...ADMIN);
  const { branchQT } = await post<{ branchQT: Line[] }>(baseUrl, 'defineQueue/branchQT', {}, session);
  const line = branchQT.find((q) => q.prefix === 'B')!;
  const product = (part: string) => line.aProductUI.find((p) => p.name.includes(part))!.id;
  await post(
    baseUrl,
    'admin/queueType/saveOrderRule',
    {
      id_branchQT: line.id,
      rule: {
        classes: [
          { key: 'bagged', name: 'แป้งถุง', share: 2, first: true, product_ids: [product('ถุง')] },
          { key: 'pulp', name: 'กากมัน', share: 1, first: false, product_ids: [product('กากมัน')] },
        ],
        ordinary_share: 1,
        max_wait_minutes: 180,
        fresh_limit_minutes: null,
        stale_first: false,
        caps: [{ class_key: 'pulp', max_percent: 25, of: 'loads', when_full: 'ask' }],
        ask_reason: true,
      },
    },
    session,
  );
  await callOutOfOrder(baseUrl, line, product('จัมโบ้'));

  try {
    for (const language of ['th', 'en'] as const) {
      for (const mode of ['light', 'dark'] as const) {
        const suffix = `${language}-${mode}`;
        const page = await preparePage(browser, baseUrl, language, mode, 1366, 768);
        await signInDirect(page, baseUrl, ...ADMIN);
        await page.goto('/System/defineQueue');
        const row = page.locator('tr', { hasText: 'แป้งถุง' }).first();
        await row.waitFor();
        await shoot(page, `define-queue-order-${suffix}`);
        await row.getByRole('button', { name: /^(ลำดับการเรียก|Call order)$/ }).click();
        await page.getByTestId('order-rule-summary').waitFor();
        await shoot(page, `order-rule-editor-${suffix}`);
        await page.context().close();

        const report = await preparePage(browser, baseUrl, language, mode, 1366, 768);
        await signInDirect(report, baseUrl, ...MANAGER);
        await report.goto('/Report/lineOrder');
        await report.getByTestId('line-order-waits').locator('tr.ant-table-row').first().waitFor();
        await shoot(report, `line-order-report-${suffix}`, true);
        await report.context().close();
      }
    }
  } finally {
    await post(baseUrl, 'admin/queueType/saveOrderRule', { id_branchQT: line.id, rule: null }, session);
  }
}

/** Two trucks of the line issued and the later called first, each time with an out-of-order reason. */
async function callOutOfOrder(baseUrl: string, line: Line, productId: number): Promise<void> {
  const { session, branchId } = await employeeSession(baseUrl);
  const { reasons } = await post<{ reasons: { id: number; kind: string }[] }>(
    baseUrl,
    'process/yard/rules',
    {},
    session,
  );
  const why = reasons.filter((r) => r.kind === 'out_of_order');
  const socket = io(baseUrl, { auth: { session, apiKey: API_KEY }, transports: ['websocket'] });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    for (const reason of why.slice(0, 2)) {
      for (let i = 0; i < 2; i++)
        await post(
          baseUrl,
          'process/printer/issueQueue',
          { id_branchQT: line.id, product: productId, truck_license: freshLicence() },
          session,
        );
      const { card } = await post<{
        card: {
          prefix: string;
          station_permission: { id: number; type: number }[];
          queue_number: { _id: number; line_place: { position: number } | null }[];
        }[];
      }>(baseUrl, 'process/calling/getCardInProcess', { find_total_day: 1 }, session);
      const lineCard = card.find((c) => c.prefix === line.prefix)!;
      const waiting = lineCard.queue_number.filter((q) => q.line_place !== null);
      const last = waiting.reduce((a, b) => (b.line_place!.position > a.line_place!.position ? b : a));
      const station = lineCard.station_permission.find((s) => s.type === 1)!;
      const ack = (await socket.emitWithAck('doCalling', branchId, last._id, station.id, {
        reason_id: reason.id,
      })) as { status: number };
      if (ack.status !== 1) throw new Error(`doCalling refused: ${JSON.stringify(ack)}`);
    }
  } finally {
    socket.disconnect();
  }
}
