import type { Browser } from 'playwright-core';
import { signInDirect } from './support/browser.ts';
import { post, signIn } from './support/demo-plant.ts';
import { preparePage, shoot } from './support/screenshot-kit.ts';

/**
 * Integration keys (issue 42), Thai and English, light and dark: the keys' list (a live key that
 * has been used, a key with a last day, a revoked one), the new key dialog, the key shown once,
 * and a key's calls; a phone's 390 wide.
 */

const ADMIN = ['admin@example.com', 'admin1234'] as const;

async function setUp(baseUrl: string): Promise<void> {
  const admin = await signIn(baseUrl, ...ADMIN);
  const make = (body: object) =>
    post<{ key: { id: number }; secret: string }>(baseUrl, 'admin/createIntegrationKey', body, admin.session);
  const erp = await make({
    name: 'SAP รับสินค้า (ERP)',
    scopes: ['tickets:read', 'reports:read'],
    rate_per_minute: 120,
    expires_on: null,
  });
  await make({
    name: 'โปรแกรมเครื่องชั่งเดิม',
    scopes: ['reports:read'],
    rate_per_minute: 30,
    expires_on: '2027-03-31',
  });
  const old = await make({
    name: 'ทดสอบระบบ',
    scopes: ['tickets:read'],
    rate_per_minute: 10,
    expires_on: null,
  });
  await post(baseUrl, 'admin/revokeIntegrationKey', { id: old.key.id }, admin.session);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
  // A morning's reads, one refused (a body the call does not take) as the log shows it.
  for (let i = 0; i < 6; i++) {
    const weighings = i % 3 === 2;
    await fetch(`${baseUrl}/api/integration/${weighings ? 'weighings' : 'tickets'}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${erp.secret}` },
      body: JSON.stringify(
        weighings
          ? { find_start: day, find_finish: day, page: 1, page_size: 100 }
          : { find_start: day, find_finish: day, find_license: '', find_product: i === 4 ? -1 : 0 },
      ),
    });
  }
}

const WORDS = {
  th: { calls: 'ประวัติการเรียก', make: 'สร้างคีย์', name: 'ชื่อ' },
  en: { calls: 'Calls', make: 'Make key', name: 'Name' },
} as const;

export async function shootIntegrationScreens(browser: Browser, baseUrl: string): Promise<void> {
  await setUp(baseUrl);
  for (const language of ['th', 'en'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      const p = await preparePage(browser, baseUrl, language, mode);
      await signInDirect(p, baseUrl, ...ADMIN);
      await p.goto('/System/integrations');
      await p.locator('.ant-table-row').nth(2).waitFor();
      await shoot(p, `integrations-${language}-${mode}`);

      await p
        .locator('.ant-table-row', { hasText: 'SAP' })
        .getByRole('button', { name: WORDS[language].calls })
        .click();
      await p.locator('.ant-drawer .ant-table-row').first().waitFor();
      await shoot(p, `integrations-calls-${language}-${mode}`);
      await p.keyboard.press('Escape');
      await p.locator('.ant-drawer').waitFor({ state: 'hidden' });

      await p.getByTestId('add-integration-key').click();
      const dialog = p.getByRole('dialog');
      await dialog.getByLabel(WORDS[language].name).fill('Power BI');
      await shoot(p, `integrations-new-${language}-${mode}`);
      await dialog.getByRole('button', { name: WORDS[language].make }).click();
      await p.getByTestId('integration-secret').waitFor();
      await shoot(p, `integrations-made-${language}-${mode}`);
      await p.context().close();
    }
  }
  const phone = await preparePage(browser, baseUrl, 'th', 'light', 390, 844);
  await signInDirect(phone, baseUrl, ...ADMIN);
  await phone.goto('/System/integrations');
  await phone.locator('.ant-table-row').first().waitFor();
  await shoot(phone, 'integrations-th-light-390');
  await phone.context().close();
}
