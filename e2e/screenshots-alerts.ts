import type { Browser, Page } from 'playwright-core';
import { signInDirect } from './support/browser.ts';
import { post, signIn } from './support/demo-plant.ts';
import { preparePage, shoot, type Language, type Mode } from './support/screenshot-kit.ts';
import { startServer } from './support/server.ts';

/**
 * The manager's alerts (issue 41), in Thai and English, light and dark: the bell opened over the
 * dashboard with an urgent banner, the alerts page's open alerts, history, rules and the
 * manager's own LINE link with its code; a phone's 390 wide. A server of its own with a LINE
 * account configured (never reached: its address is a closed port) and the rules a plant would
 * set, which find the demo's trucks, stations and devices at once.
 */

const ADMIN = ['admin@example.com', 'admin1234'] as const;
const MANAGER = ['manager@example.com', 'demo1234'] as const;

const LINE_ENV = {
  LINE_CHANNEL_SECRET: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  LINE_CHANNEL_ACCESS_TOKEN: 'screenshotOnlyAccessToken0123456789abcdefABCDEF',
  LINE_BOT_BASIC_ID: '@plantdemo',
  LINE_API_BASE: 'http://127.0.0.1:9',
};

interface Type {
  id: number;
  prefix: string;
}

async function setUp(baseUrl: string): Promise<void> {
  const admin = await signIn(baseUrl, ...ADMIN);
  const { branchQT } = await post<{ branchQT: Type[] }>(baseUrl, 'defineQueue/branchQT', {}, admin.session);
  const rule = (body: object) => post(baseUrl, 'admin/saveAlertRule', body, admin.session);
  const base = { repeat_minutes: 30, urgent: false, active: true, threshold_percent: null };
  await rule({
    ...base,
    kind: 'waiting_call',
    branch_queue_type_id: branchQT[0]!.id,
    threshold_minutes: 90,
    urgent: true,
  });
  await rule({ ...base, kind: 'inside_plant', branch_queue_type_id: null, threshold_minutes: 240 });
  await rule({ ...base, kind: 'station_idle', branch_queue_type_id: null, threshold_minutes: 20 });
  await rule({
    ...base,
    kind: 'device_offline',
    branch_queue_type_id: null,
    threshold_minutes: 10,
    repeat_minutes: 0,
  });
  await rule({
    ...base,
    kind: 'printer_paper',
    branch_queue_type_id: null,
    threshold_minutes: 5,
    repeat_minutes: 0,
  });
  await rule({
    ...base,
    kind: 'cap_near',
    branch_queue_type_id: null,
    threshold_minutes: null,
    threshold_percent: 80,
    repeat_minutes: 0,
  });
  // The manager gets the urgent rule and the long stays by LINE, not at night.
  const manager = await signIn(baseUrl, ...MANAGER);
  const { settings } = await post<{ settings: { rules: { id: number; kind: string }[] } }>(
    baseUrl,
    'alerts/mySettings',
    {},
    manager.session,
  );
  await post(
    baseUrl,
    'alerts/saveMySettings',
    {
      quiet_start: '22:00',
      quiet_end: '05:00',
      subscribed_rule_ids: settings.rules.filter((r) => r.kind !== 'device_offline').map((r) => r.id),
    },
    manager.session,
  );
  // Two in hand already: the history says who.
  const { alerts } = await post<{ alerts: { id: number; urgent: boolean }[] }>(
    baseUrl,
    'alerts/open',
    {},
    admin.session,
  );
  for (const a of alerts.filter((x) => !x.urgent).slice(0, 2))
    await post(baseUrl, 'alerts/acknowledge', { id: a.id }, manager.session);
}

async function page(
  browser: Browser,
  baseUrl: string,
  language: Language,
  mode: Mode,
  width = 1440,
  height = 900,
): Promise<Page> {
  const p = await preparePage(browser, baseUrl, language, mode, width, height);
  await signInDirect(p, baseUrl, ...MANAGER);
  return p;
}

const TABS = {
  th: { history: 'ประวัติ', rules: 'กฎการแจ้งเตือน', mine: 'การแจ้งเตือนของฉัน', link: 'เชื่อม LINE' },
  en: { history: 'History', rules: 'Rules', mine: 'My notifications', link: 'Link LINE' },
} as const;

/** The cap_near kind's name in the rule dialog's list. */
const CAP_KIND = { th: 'สัดส่วนของกลุ่มใกล้ถึงเพดานของวัน', en: 'A class nears its daily cap' } as const;

export async function shootAlertScreens(browser: Browser): Promise<void> {
  const server = await startServer(LINE_ENV);
  try {
    await setUp(server.baseUrl);
    for (const language of ['th', 'en'] as const) {
      for (const mode of ['light', 'dark'] as const) {
        const p = await page(browser, server.baseUrl, language, mode);
        await p.goto('/System/dashboard');
        await p.getByTestId('alert-banner').waitFor();
        await p.getByTestId('alert-bell').click();
        await p.getByTestId('alert-bell-list').waitFor();
        await shoot(p, `alerts-bell-${language}-${mode}`);
        await p.keyboard.press('Escape');

        await p.goto('/System/alerts');
        await p.locator('.ant-table-row').first().waitFor();
        await shoot(p, `alerts-open-${language}-${mode}`);
        await p.getByRole('tab', { name: TABS[language].history }).click();
        await p.locator('#alert-history-period').waitFor();
        await p
          .getByText(/รับทราบแล้ว|Acknowledged by/)
          .first()
          .waitFor();
        await shoot(p, `alerts-history-${language}-${mode}`);
        await p.context().close();

        // The rules: an admin's tab.
        const a = await preparePage(browser, server.baseUrl, language, mode);
        await signInDirect(a, server.baseUrl, ...ADMIN);
        await a.goto('/System/alerts');
        await a.getByRole('tab', { name: TABS[language].rules }).click();
        await a.getByTestId('add-alert-rule').waitFor();
        await a.getByRole('switch').first().waitFor();
        await shoot(a, `alerts-rules-${language}-${mode}`);
        await a.getByTestId('add-alert-rule').click();
        await a.getByRole('dialog').waitFor();
        await shoot(a, `alerts-rule-dialog-${language}-${mode}`);
        // A cap's rule: its threshold is a part of the cap, not minutes.
        await a.getByRole('dialog').getByRole('combobox').first().click();
        await a.locator(`.ant-select-item-option[title="${CAP_KIND[language]}"]`).click();
        await a.getByTestId('alert-cap-percent').waitFor();
        await shoot(a, `alerts-rule-dialog-cap-${language}-${mode}`);
        await a.context().close();

        const m = await page(browser, server.baseUrl, language, mode);
        await m.goto('/System/alerts');
        await m.getByRole('tab', { name: TABS[language].mine }).click();
        await m.getByRole('button', { name: TABS[language].link }).click();
        await m.getByTestId('line-link-code').waitFor();
        await shoot(m, `alerts-mine-${language}-${mode}`, true);
        await m.context().close();
      }
    }
    const phone = await page(browser, server.baseUrl, 'th', 'light', 390, 844);
    await phone.goto('/System/alerts');
    await phone.locator('.ant-table-row').first().waitFor();
    await shoot(phone, 'alerts-open-th-light-390');
    await phone.context().close();
  } finally {
    await server.stop();
  }
}
