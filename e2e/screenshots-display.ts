/// <reference lib="dom" />
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { signInDirect } from './support/browser.ts';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import { demoQueueTypes, issueAndCall } from './support/demo-plant.ts';
import {
  newIdentity,
  registerDevice,
  registerNewDisplay,
  soundBlockedUntilTouched,
  useIdentity,
  withoutThaiVoice,
  type DeviceIdentity,
} from './support/devices.ts';
import { OUT, preparePage, shoot, type Language, type Mode } from './support/screenshot-kit.ts';

/**
 * Headless Chromium has no voices: make it look like a TV with a Thai voice installed, so the
 * board is shot as it normally looks (the no-voice fallback is shot on its own).
 */
export async function pretendThaiVoice(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const voice = { name: 'Thai', lang: 'th-TH', localService: true, default: true, voiceURI: 'th-TH' };
    Object.defineProperty(window.speechSynthesis, 'getVoices', { value: () => [voice] });
    Object.defineProperty(window.speechSynthesis, 'speak', {
      value: (utterance: SpeechSynthesisUtterance) =>
        window.setTimeout(() => utterance.onend?.(new Event('end') as SpeechSynthesisEvent), 2_000),
    });
  });
}

export async function openBoard(page: Page, identity: DeviceIdentity): Promise<void> {
  await useIdentity(page, 'display', identity);
  await page.goto('/DisplayManage');
  await page.getByTestId('display-station').first().waitFor();
  // What an installer does once (kiosk Chrome is started with the autoplay flag instead).
  const unlock = page.getByTestId('unlock-sound');
  if (await unlock.isVisible()) await unlock.click();
  await unlock.waitFor({ state: 'hidden' });
}

/**
 * The TV display (/DisplayManage): the demo's display of three queue types (a column each) at
 * 1920x1080 and 1080x1920, Thai and English, light and dark; a display of one queue type (the
 * latest call large beside the latest calls) in both orientations; 1366x768 and 768x1366.
 */
export async function shootDisplayScreens(browser: Browser, baseUrl: string): Promise<void> {
  const registered = newIdentity();
  await registerDevice(baseUrl, 'display', registered);
  const types = await demoQueueTypes(baseUrl);
  const general = types.find((q) => q.flow_engine_id === FLOW_ENGINE.general && q.product.length);
  const standard = types.find((q) => q.flow_engine_id === FLOW_ENGINE.standard && q.product.length)!;
  for (let station = 0; station < 4; station++) {
    await issueAndCall(
      baseUrl,
      station,
      `${['กข', 'ฮก', '1กท', '70'][station]}${station === 3 ? '-' : ' '}${4821 + station * 1111}`,
    );
    if (general) await issueAndCall(baseUrl, 0, undefined, general.id);
  }
  const single = newIdentity();
  await registerNewDisplay(baseUrl, single, [standard.id]);

  for (const language of ['th', 'en'] as const satisfies Language[]) {
    for (const mode of ['light', 'dark'] as const satisfies Mode[]) {
      const suffix = `${language}-${mode}`;
      const fresh = await preparePage(browser, baseUrl, language, mode, 1920, 1080);
      await useIdentity(fresh, 'display', newIdentity());
      await fresh.goto('/DisplayManage');
      await fresh.getByTestId('device-id').waitFor();
      await shoot(fresh, `display-unregistered-${suffix}`);
      await fresh.context().close();

      for (const [orientation, width, height] of [
        ['', 1920, 1080],
        ['-portrait', 1080, 1920],
      ] as const) {
        const page = await preparePage(browser, baseUrl, language, mode, width, height);
        await pretendThaiVoice(page);
        await openBoard(page, registered);
        await shoot(page, `display-board-${suffix}${orientation}`);
        await page.context().close();
      }
    }
  }

  for (const [name, identity, width, height] of [
    ['display-board-one-type-th-light', single, 1920, 1080],
    ['display-board-one-type-th-dark-portrait', single, 1080, 1920],
    ['display-board-one-type-en-light-1366x768', single, 1366, 768],
    ['display-board-th-light-1366x768', registered, 1366, 768],
    ['display-board-th-dark-768x1366', registered, 768, 1366],
  ] as const) {
    const mode = name.includes('dark') ? 'dark' : 'light';
    const page = await preparePage(
      browser,
      baseUrl,
      name.includes('-en-') ? 'en' : 'th',
      mode,
      width,
      height,
    );
    await pretendThaiVoice(page);
    await openBoard(page, identity);
    await shoot(page, name);
    await page.context().close();
  }

  // Past the display's now-calling time (10 minutes): the calls leave "now calling" and their
  // stations, and stay in the day's latest calls. The page's clock runs 11 minutes ahead of the
  // server's (a jump instead would trip the socket's heartbeat).
  for (const [language, mode, words] of [
    ['th', 'light', 'ยังไม่มีคิวที่กำลังเรียกในขณะนี้'],
    ['en', 'dark', 'No queue is being called right now'],
  ] as const) {
    const later = await preparePage(browser, baseUrl, language, mode, 1920, 1080);
    await later.clock.install({ time: Date.now() + 11 * 60_000 });
    await pretendThaiVoice(later);
    await openBoard(later, registered);
    await later.getByText(words).first().waitFor();
    await shoot(later, `display-board-after-now-calling-${language}-${mode}`);
    await later.context().close();
  }

  // A TV whose browser keeps sound off until touched, with no Thai voice: the one-line prompt at
  // its top edge, and a live call shown as a caption, at 1920x1080 and 1366x768.
  for (const [language, mode, width, height] of [
    ['th', 'light', 1920, 1080],
    ['th', 'light', 1366, 768],
    ['en', 'dark', 1920, 1080],
  ] as const) {
    const name = `display-board-sound-prompt-${language}-${mode}-${width}x${height}`;
    const page = await preparePage(browser, baseUrl, language, mode, width, height);
    await withoutThaiVoice(page);
    await soundBlockedUntilTouched(page);
    await useIdentity(page, 'display', registered);
    await page.goto('/DisplayManage');
    await page.getByTestId('display-station').first().waitFor();
    await page.getByTestId('unlock-sound').waitFor();
    await shoot(page, name);
    const { queueNumber } = await issueAndCall(baseUrl, 1);
    await page.getByTestId('announcement-caption').filter({ hasText: queueNumber }).waitFor();
    await page.waitForTimeout(400);
    // Not shoot(): a caption lasts only a few seconds, too short to wait for the network to be idle.
    await page.screenshot({ path: path.join(OUT, `${name}-caption.png`) });
    console.log(`  docs/screenshots/${name}-caption.png`);
    if (language === 'th' && width === 1920) {
      // That display's status (sound locked, its last announcement captioned), on the Display
      // controller rather than the public board.
      for (const [adminLanguage, adminMode] of [
        ['th', 'light'],
        ['th', 'dark'],
        ['en', 'light'],
      ] as const) {
        const admin = await preparePage(browser, baseUrl, adminLanguage, adminMode);
        await signInDirect(admin, baseUrl, 'admin@example.com', 'admin1234');
        await admin.goto('/System/display');
        await admin.getByTestId('display-warning').first().waitFor();
        await shoot(admin, `display-controller-status-${adminLanguage}-${adminMode}`);
        await admin.context().close();
      }
    }
    await page.context().close();
  }
}
