import type { Browser, Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { signInDirect } from './support/browser.ts';
import { API_KEY, employeeSession, issueStandardTicket, post, freshLicence } from './support/demo-plant.ts';
import { adminSession, newIdentity, sayHello } from './support/devices.ts';
import { preparePage, shoot, type Language } from './support/screenshot-kit.ts';

const SCALE_LABEL = { th: 'เครื่องชั่ง', en: 'Scale' } as const satisfies Record<Language, string>;

/**
 * A registered scale of the demo branch at its first station, and a bridge's socket reporting
 * `weight()` every 300 ms (what `npm run scale-bridge` sends), so the pages show it live.
 */
async function scaleOnline(baseUrl: string, weight: () => { state: string; kg: number | null; raw: string }) {
  const admin = await adminSession(baseUrl);
  const identity = newIdentity();
  await sayHello(baseUrl, 'scale', identity);
  const { station } = await post<{ station: { id: number }[] }>(baseUrl, 'weighbridge/mainScale', {}, admin);
  const { device } = await post<{ device: { uuid: string } }>(
    baseUrl,
    'weighbridge/doMainScale',
    { name: 'ตาชั่งรถบรรทุก 1', station_id: station[0]?.id ?? null },
    admin,
  );
  await post(baseUrl, 'weighbridge/addDevice', { uuid: device.uuid, device_id: identity.id }, admin);
  // The first contact after Register verifies it (a real bridge then reconnects; this socket need not).
  await sayHello(baseUrl, 'scale', identity);
  // A second scale that is registered but whose bridge is not running.
  const spare = newIdentity();
  await sayHello(baseUrl, 'scale', spare);
  const other = await post<{ device: { uuid: string } }>(
    baseUrl,
    'weighbridge/doMainScale',
    { name: 'ตาชั่งรถบรรทุก 2', station_id: station[1]?.id ?? null },
    admin,
  );
  await post(baseUrl, 'weighbridge/addDevice', { uuid: other.device.uuid, device_id: spare.id }, admin);

  const bridge: Socket = io(`${baseUrl}/device`, {
    auth: { apiKey: API_KEY, kind: 'scale', device_id: identity.id, secret: identity.secret },
    transports: ['websocket'],
  });
  const timer = setInterval(() => bridge.emit('weight', { ...weight(), at: new Date().toISOString() }), 300);
  await new Promise<void>((resolve) => bridge.once('connect', () => resolve()));
  return {
    uuid: device.uuid,
    stop() {
      clearInterval(timer);
      bridge.disconnect();
    },
  };
}

async function chooseScale(page: Page, language: Language): Promise<void> {
  await page.getByRole('combobox', { name: SCALE_LABEL[language] }).click();
  await page.locator('.ant-select-item-option', { hasText: 'ตาชั่งรถบรรทุก 1' }).click();
  await page.mouse.move(0, 0);
}

/** The Weighbridge controller and the weighing page fed by a scale, Thai and English, light and dark. */
export async function shootWeighbridgeScreens(browser: Browser, baseUrl: string): Promise<void> {
  let weight = { state: 'stable', kg: 32_150 as number | null, raw: 'ST,GS,+0032150kg' };
  const scale = await scaleOnline(baseUrl, () => weight);
  const employee = await employeeSession(baseUrl);
  const ticket = await issueStandardTicket(baseUrl, employee.session, freshLicence());
  try {
    for (const language of ['th', 'en'] as const) {
      for (const mode of ['light', 'dark'] as const) {
        const suffix = `${language}-${mode}`;
        const page = await preparePage(browser, baseUrl, language, mode);
        await signInDirect(page, baseUrl, 'admin@example.com', 'admin1234');
        await page.goto('/System/weighbridge');
        await page.locator('[data-scale-state="stable"]').first().waitFor();
        await page.getByTestId('manual-weights-card').locator('.ant-checkbox-group').waitFor();
        // The whole page: the scales, and under them who may type a weight by hand.
        await shoot(page, `weighbridge-controller-${suffix}`, true);

        await signInDirect(page, baseUrl, 'employee@example.com', 'demo1234');
        await page.goto('/System/weighing');
        await chooseScale(page, language);
        await page.locator('#weighing-queue-number').fill(ticket.queueNumber);
        await page.getByTestId('scale-weight').and(page.locator('[data-scale-state="stable"]')).waitFor();
        await shoot(page, `weighing-scale-stable-${suffix}`);
        if (mode === 'light') {
          weight = { state: 'moving', kg: 28_460, raw: 'US,GS,+0028460kg' };
          await page.locator('[data-testid="scale-weight"][data-scale-state="moving"]').waitFor();
          await shoot(page, `weighing-scale-moving-${suffix}`);
          weight = { state: 'no-signal', kg: null, raw: '' };
          await page.locator('[data-testid="scale-weight"][data-scale-state="no-signal"]').waitFor();
          await shoot(page, `weighing-scale-no-signal-${suffix}`);
          weight = { state: 'stable', kg: 32_150, raw: 'ST,GS,+0032150kg' };
        }
        // Typing by hand (the demo allows its employees): the weight, and why, picked with one tap.
        await page.locator('#weighing-typing').click();
        await page.locator('#weighing-weight').fill('30120');
        await page.locator('.ant-tag-checkable').first().click();
        await page.mouse.move(0, 0);
        await shoot(page, `weighing-typed-${suffix}`);
        await page.context().close();
      }
    }
  } finally {
    scale.stop();
  }
}
