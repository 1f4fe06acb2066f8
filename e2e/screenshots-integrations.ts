import { writeFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startFakeWebhookReceiver } from '../apps/server/src/test/fake-webhook-receiver.ts';
import { issueAndCall, letOut, weighInAndOut } from './support/demo-plant.ts';
import { signInDirect } from './support/browser.ts';
import { post, signIn } from './support/demo-plant.ts';
import { preparePage, shoot } from './support/screenshot-kit.ts';

/**
 * Integration keys and webhooks (issue 42), Thai and English, light and dark: the keys' list (a
 * live key that has been used, a key with a last day, a revoked one), the new key dialog, the key
 * shown once, and a key's calls; the webhooks (one delivering to a stand-in ERP, one whose
 * address does not answer), a webhook's delivery log, the new webhook dialog; a phone's 390 wide.
 */

/**
 * A stand-in for the ERP's webhook endpoint on this machine: the server is told to trust its
 * certificate and that it may send to it (`env`, given to the server when it starts).
 */
export async function startWebhookReceiverForShots() {
  const receiver = await startFakeWebhookReceiver();
  const certificate = path.join(mkdtempSync(path.join(os.tmpdir(), 'tq-shots-')), 'receiver.pem');
  writeFileSync(certificate, receiver.certificate);
  return {
    url: receiver.url('/sap/truck-queue'),
    env: { WEBHOOK_PRIVATE_HOSTS: receiver.host, NODE_EXTRA_CA_CERTS: certificate },
    close: receiver.close,
  };
}

/** Two webhooks and a truck's day: the deliveries the log shows. */
async function setUpWebhooks(baseUrl: string, session: string, receiverUrl: string) {
  const all = ['ticket.issued', 'ticket.called', 'ticket.weighed', 'ticket.slip', 'ticket.exited'];
  await post(
    baseUrl,
    'admin/createWebhook',
    { name: 'SAP รับสินค้า (ERP)', url: receiverUrl, events: all },
    session,
  );
  await post(
    baseUrl,
    'admin/createWebhook',
    { name: 'โปรแกรมเครื่องชั่งเดิม', url: 'https://weighbridge.invalid/hooks', events: ['ticket.weighed'] },
    session,
  );
  const truck = await issueAndCall(baseUrl);
  await weighInAndOut(baseUrl, session, truck.uuid, { in: 32_450, out: 11_870 });
  await letOut(baseUrl, truck.queueNumber, truck.uuid);
  // The server looks every two seconds: wait until the ERP has the truck's exit (bounded).
  for (let i = 0; i < 60; i++) {
    const { endpoints } = await post<{
      endpoints: { name: string; pending: number; last_sent_at: string | null }[];
    }>(baseUrl, 'admin/webhooks', {}, session);
    const erp = endpoints.find((e) => e.name.startsWith('SAP'));
    if (erp && erp.pending === 0 && erp.last_sent_at !== null) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the webhooks did not reach the stand-in ERP within 30 s');
}

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
  th: {
    calls: 'ประวัติการเรียก',
    make: 'สร้างคีย์',
    name: 'ชื่อ',
    copied: 'คัดลอกแล้ว ปิด',
    webhooks: 'เว็บฮุก',
    deliveries: 'ประวัติการส่ง',
    hookName: 'ชื่อ',
  },
  en: {
    calls: 'Calls',
    make: 'Make key',
    name: 'Name',
    copied: 'Copied, close',
    webhooks: 'Webhooks',
    deliveries: 'Deliveries',
    hookName: 'Name',
  },
} as const;

export async function shootIntegrationScreens(
  browser: Browser,
  baseUrl: string,
  receiverUrl: string,
): Promise<void> {
  await setUp(baseUrl);
  await setUpWebhooks(baseUrl, (await signIn(baseUrl, ...ADMIN)).session, receiverUrl);
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
      await p.getByRole('button', { name: WORDS[language].copied }).click();

      await p.getByRole('tab', { name: WORDS[language].webhooks }).click();
      await p.getByRole('tabpanel').locator('.ant-table-row', { hasText: 'SAP' }).waitFor();
      await shoot(p, `webhooks-${language}-${mode}`);
      await p
        .locator('.ant-table-row', { hasText: 'SAP' })
        .getByRole('button', { name: WORDS[language].deliveries })
        .click();
      await p.locator('.ant-drawer .ant-table-row').nth(2).waitFor();
      await p.locator('.ant-drawer .ant-table-row-expand-icon').nth(1).click();
      await shoot(p, `webhooks-log-${language}-${mode}`);
      await p.keyboard.press('Escape');
      await p.locator('.ant-drawer').waitFor({ state: 'hidden' });
      await p.getByTestId('add-webhook').click();
      await p.getByRole('dialog').getByLabel(WORDS[language].hookName).fill('Power BI');
      await shoot(p, `webhooks-new-${language}-${mode}`);
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
