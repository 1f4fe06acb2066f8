import type { Browser } from 'playwright-core';
import { io } from 'socket.io-client';
import { signInDirect } from './support/browser.ts';
import { API_KEY, employeeSession, issueAndCall, post, signIn, weighInAndOut } from './support/demo-plant.ts';
import { preparePage, shoot } from './support/screenshot-kit.ts';

/**
 * ERP goods receipts (issue 42), Thai and English, light and dark: the day's receipts with a
 * cancelling correction, and the Integrations page's ERP codes tab.
 */

const ADMIN = ['admin@example.com', 'admin1234'] as const;

/** A socket event of the staff's, answered (as Manage Calling sends it). */
async function emit(baseUrl: string, session: string, event: string, ...args: unknown[]): Promise<void> {
  const socket = io(baseUrl, { auth: { session, apiKey: API_KEY }, transports: ['websocket'] });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ack = (await socket.emitWithAck(event, ...args)) as { status?: number };
    if (ack.status !== 1) throw new Error(`${event} refused: ${JSON.stringify(ack)}`);
  } finally {
    socket.disconnect();
  }
}

async function setUp(baseUrl: string): Promise<void> {
  const admin = await signIn(baseUrl, ...ADMIN);
  const { settings } = await post<{ settings: { products: { id: number; name: string }[] } }>(
    baseUrl,
    'admin/erpSettings',
    {},
    admin.session,
  );
  await post(
    baseUrl,
    'admin/saveErpSettings',
    {
      plant_code: '1010',
      movement_type: '101',
      products: settings.products.slice(0, 3).map((p, i) => ({ id: p.id, erp_code: `MAT-${10001 + i}` })),
    },
    admin.session,
  );
  const employee = await employeeSession(baseUrl);
  const trucks = [
    { in: 38_420, out: 12_150 },
    { in: 41_060, out: 13_880 },
    { in: 29_900, out: 11_240 },
  ];
  const ids: number[] = [];
  for (const weights of trucks) {
    const truck = await issueAndCall(baseUrl);
    await weighInAndOut(baseUrl, employee.session, truck.uuid, weights);
    await emit(baseUrl, employee.session, 'doFinish', employee.branchId, truck.queueId);
    ids.push(truck.queueId);
  }
  // Read once, so the receipts are made; then the last truck is voided: its receipt is cancelled.
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
  await post(baseUrl, 'report/goodsReceipts', { day }, admin.session);
  const { reasons } = await post<{ reasons: { id: number; kind: string }[] }>(
    baseUrl,
    'process/yard/rules',
    {},
    admin.session,
  );
  const voidReason = reasons.find((r) => r.kind === 'void');
  if (voidReason)
    await emit(baseUrl, admin.session, 'doVoid', employee.branchId, ids.at(-1), {
      reason_id: voidReason.id,
      note: 'ออกบัตรซ้ำ',
    });
}

export async function shootGoodsReceiptScreens(browser: Browser, baseUrl: string): Promise<void> {
  await setUp(baseUrl);
  for (const language of ['th', 'en'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      const p = await preparePage(browser, baseUrl, language, mode);
      await signInDirect(p, baseUrl, ...ADMIN);
      await p.goto('/Report/goodsReceipts');
      await p.locator('.ant-table-row').first().waitFor();
      await shoot(p, `goods-receipts-${language}-${mode}`);

      await p.goto('/System/integrations');
      await p.getByRole('tab', { name: /ERP/ }).click();
      const card = p.locator('.ant-card', { hasText: /ERP/ }).last();
      await card.locator('input').first().waitFor();
      await card.scrollIntoViewIfNeeded();
      await shoot(p, `erp-settings-${language}-${mode}`);
      await p.context().close();
    }
  }
}
