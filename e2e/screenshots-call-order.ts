/// <reference lib="dom" />
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { LineRule } from '@truck-queue/shared/contracts/line-rule';
import { signInDirect } from './support/browser.ts';
import { post, freshLicence, signIn, type SignedIn } from './support/demo-plant.ts';
import { newIdentity, registerNewDisplay } from './support/devices.ts';
import { openBoard, pretendThaiVoice } from './screenshots-display.ts';
import { OUT, preparePage, shoot, type Language, type Mode } from './support/screenshot-kit.ts';
import { cardTicket, staffEvent } from './support/yard-plant.ts';

/** The words the shots click, as the screens say them. */
const TEXT = {
  th: { newTicket: 'ออกบัตรคิว', call: 'เรียกคิว', queue: 'คิว', queueType: 'ประเภทคิว' },
  en: { newTicket: 'New ticket', call: 'Call', queue: 'Queue', queueType: 'Queue type' },
} as const satisfies Record<Language, Record<string, string>>;

interface StandardLine {
  id: number;
  prefix: string;
  queue_type_name: string;
  product: { id: number; name: string }[];
}

async function standardLine(baseUrl: string, officer: SignedIn): Promise<StandardLine> {
  const options = await post<{ queue_type: StandardLine[] }>(
    baseUrl,
    'process/printer/ticketOptions',
    {},
    officer.session,
  );
  const line = options.queue_type.find((q) => q.prefix === 'B');
  if (!line) throw new Error('The demo has no line B');
  return line;
}

async function issue(
  baseUrl: string,
  officer: SignedIn,
  line: StandardLine,
  product: number,
  extra: { order_class?: string; cut_at?: string } = {},
): Promise<{ uuid: string; queue_number: string }> {
  const { queue } = await post<{ queue: { uuid: string; queue_number: string } }>(
    baseUrl,
    'process/printer/issueQueue',
    { id_branchQT: line.id, product, truck_license: freshLicence(), ...extra },
    officer.session,
  );
  return queue;
}

/**
 * Who goes first (issue 38) on the calling desk: line B with a rule (booked trucks first, pulp
 * capped and asked for, loads older than 2 hours first), its trucks marked Next, by class, held,
 * stale, a called truck past its usual time; the out-of-order reason; the line's TV board (its next
 * trucks and what the cap holds); New ticket's class and cut time.
 */
export async function shootCallOrderScreens(browser: Browser, baseUrl: string): Promise<void> {
  const officer = await signIn(baseUrl, 'employee@example.com', 'demo1234');
  const admin = await signIn(baseUrl, 'admin@example.com', 'admin1234');
  const line = await standardLine(baseUrl, officer);
  const pulp = line.product.find((p) => p.name === 'กากมัน') ?? line.product[line.product.length - 1]!;
  const bag = line.product.find((p) => p.id !== pulp.id)!;
  const rule: LineRule = {
    classes: [
      { key: 'booked', name: 'จองคิวล่วงหน้า', share: 2, first: true, product_ids: [] },
      { key: 'pulp', name: 'กากมัน', share: 1, first: false, product_ids: [pulp.id] },
    ],
    ordinary_share: 1,
    max_wait_minutes: 240,
    fresh_limit_minutes: 120,
    stale_first: true,
    caps: [{ class_key: 'pulp', max_percent: 1, of: 'loads', when_full: 'ask' }],
    ask_reason: true,
  };
  await post(baseUrl, 'admin/queueType/saveOrderRule', { id_branchQT: line.id, rule }, admin.session);
  try {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    // The demo's day has pulp loads past the 1 % cap already: a pulp truck waits held. A truck
    // called now shows the station's timer.
    const calledPulp = await issue(baseUrl, officer, line, bag.id);
    const calledPulpCard = await cardTicket(baseUrl, officer.session, calledPulp.uuid);
    await staffEvent(baseUrl, officer, 'doCalling', calledPulpCard._id, calledPulpCard.callStation);
    await issue(baseUrl, officer, line, bag.id);
    await issue(baseUrl, officer, line, bag.id, { cut_at: hoursAgo(1) });
    await issue(baseUrl, officer, line, pulp.id);
    await issue(baseUrl, officer, line, bag.id, { order_class: 'booked' });
    await issue(baseUrl, officer, line, bag.id, { cut_at: hoursAgo(5) });
    const later = await issue(baseUrl, officer, line, bag.id);

    const { card } = await post<{ card: { _id: number; usual_station_minutes: number | null }[] }>(
      baseUrl,
      'process/calling/getCardInProcess',
      { find_total_day: 1 },
      officer.session,
    );
    const usual = card.find((c) => c._id === line.id)?.usual_station_minutes ?? null;
    // The page's clock a little past the usual time at the station: the called truck turns amber.
    const ahead = Math.round(((usual ?? 20) * 1.5 + 1) * 60_000);
    console.log(`  line ${line.prefix}: usual time at a station ${usual ?? 'unknown'} min`);
    // The line's TV board: its next trucks by the rule, and the pulp loads its cap holds.
    const display = newIdentity();
    await registerNewDisplay(baseUrl, display, [line.id]);

    for (const language of ['th', 'en'] as const satisfies Language[]) {
      const text = TEXT[language];
      for (const mode of ['light', 'dark'] as const satisfies Mode[]) {
        const suffix = `${language}-${mode}`;
        const page = await preparePage(browser, baseUrl, language, mode);
        await page.clock.setFixedTime(new Date(Date.now() + ahead));
        await signInDirect(page, baseUrl, 'employee@example.com', 'demo1234');
        await page.goto('/System/manageCalling/1');
        const lineCard = page.locator(`[data-card="${line.id}"]`);
        await lineCard.locator('button[data-next="true"]').first().waitFor();
        await lineCard.scrollIntoViewIfNeeded();
        await page.mouse.move(0, 0);
        await shootCard(page, lineCard, `order-calling-${suffix}`);

        // A later truck called before the next: its reason first.
        await lineCard.locator(`button[data-queue="${later.uuid}"]`).click();
        const actions = page.getByRole('dialog', {
          name: new RegExp(`^${text.queue} ${later.queue_number}`),
        });
        await actions.waitFor();
        await actions.locator('.ant-radio-button-wrapper').first().click();
        await actions.getByTestId('call-button').click();
        const why = page.getByRole('dialog', { name: new RegExp(later.queue_number + '.*\\(') });
        await why.waitFor();
        await why.getByRole('combobox').click();
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
        await shoot(page, `order-out-of-order-${suffix}`);
        await page.keyboard.press('Escape');
        await why.waitFor({ state: 'hidden' });
        await page.keyboard.press('Escape');
        await actions.waitFor({ state: 'hidden' });

        for (const [orientation, width, height] of [
          ['', 1920, 1080],
          ['-portrait', 1080, 1920],
        ] as const) {
          const board = await preparePage(browser, baseUrl, language, mode, width, height);
          await pretendThaiVoice(board);
          await openBoard(board, display);
          await board.getByTestId('display-next-line').waitFor();
          await shoot(board, `order-board${orientation}-${suffix}`);
          await board.context().close();
        }

        // New ticket on line B: its class and the load's cut time.
        await page.getByRole('button', { name: text.newTicket }).click();
        const ticket = page.locator('.ant-modal-wrap:visible .ant-modal');
        await ticket.waitFor();
        await ticket.getByLabel(text.queueType).click();
        await page
          .locator('.ant-select-dropdown:visible .ant-select-item-option')
          .filter({ hasText: `${line.prefix} · ` })
          .click();
        await ticket.locator('.ant-picker').waitFor();
        await shoot(page, `order-new-ticket-${suffix}`);
        await page.context().close();
      }
    }
  } finally {
    await post(baseUrl, 'admin/queueType/saveOrderRule', { id_branchQT: line.id, rule: null }, admin.session);
  }
}

/** The card alone, with a margin. */
async function shootCard(page: Page, card: Locator, name: string): Promise<void> {
  const box = await card.boundingBox();
  if (!box) return shoot(page, name);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await page.screenshot({
    path: path.join(OUT, `${name}.png`),
    clip: {
      x: Math.max(0, box.x - 8),
      y: Math.max(0, box.y - 8),
      width: box.width + 16,
      height: box.height + 16,
    },
  });
  console.log(`  docs/screenshots/${name}.png`);
}
