import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, signInDirect } from './support/browser.ts';
import { issueAndCall, post } from './support/demo-plant.ts';
import {
  adminSession,
  cancelDevice,
  newIdentity,
  registerDevice,
  soundBlockedUntilTouched,
  useIdentity,
  withoutThaiVoice,
} from './support/devices.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser.close();
});

async function context(options: Parameters<typeof newContext>[2]) {
  const created = await newContext(browser, baseUrl, options);
  contexts.push(created);
  return created;
}

describe('proof that a call was heard', () => {
  it('shows "caption only" beside the call on the calling page when the display may not play sound, and the display offline once it closes', async () => {
    // A TV whose browser keeps sound locked (nobody has touched it) and has no Thai voice.
    const identity = newIdentity();
    const tv = await context({ viewport: { width: 1920, height: 1080 } });
    const display = await tv.newPage();
    await withoutThaiVoice(display);
    await soundBlockedUntilTouched(display);
    await useIdentity(display, 'display', identity);
    const uuid = await registerDevice(baseUrl, 'display', identity);
    await display.goto('/DisplayManage');
    await display.getByTestId('display-station').first().waitFor({ timeout: 15_000 });
    await display.getByTestId('unlock-sound').waitFor();
    const { display: rows } = await post<{ display: { uuid: string; name: string }[] }>(
      baseUrl,
      'display/mainDisplay',
      {},
      await adminSession(baseUrl),
    );
    const name = rows.find((row) => row.uuid === uuid)!.name;

    // The officer's calling page, open while a truck is called.
    const desk = await context({ language: 'en-US' });
    const officer = await desk.newPage();
    await officer.addInitScript(() => localStorage.setItem('I18N_LANGUAGE', 'en'));
    await signInDirect(officer, baseUrl, 'employee@example.com', 'demo1234');
    await officer.goto('/System/manageCalling/1');
    await officer.locator('[data-column="inProcess"]').first().waitFor();
    const { queueNumber } = await issueAndCall(baseUrl);

    // Within a few seconds: this display captioned it (sound locked), and says so beside the number.
    const tag = officer.locator(
      `[data-testid="call-proof"][data-queue="${queueNumber}"] [data-testid="call-proof-tag"][data-display="${name}"]`,
    );
    await expect
      .poll(() => tag.getAttribute('data-state'), { timeout: 8_000, interval: 200 })
      .toBe('captioned');
    expect(await tag.innerText()).toBe('Caption only');
    await tag.hover();
    await expect
      .poll(() => officer.getByRole('tooltip').filter({ hasText: name }).innerText(), { timeout: 3_000 })
      .toContain('sound locked until someone taps the screen');
    // The warning above the cards names the display and what to do.
    const warning = officer.locator(`[data-testid="display-warning"][data-display="${name}"]`);
    await expect.poll(() => warning.innerText(), { timeout: 5_000 }).toContain('someone must tap the screen');

    // The TV is switched off: the calling page shows it offline, live.
    await tv.close();
    await expect.poll(() => warning.innerText(), { timeout: 10_000, interval: 200 }).toContain('offline');
    // The call keeps its proof: it was captioned.
    expect(await tag.getAttribute('data-state')).toBe('captioned');

    await cancelDevice(baseUrl, 'display', uuid);
  });
});
