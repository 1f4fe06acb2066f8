import { describe, expect, inject, it } from 'vitest';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import { demoQueueTypes, issueAndCall } from './support/demo-plant.ts';
import {
  cancelDevice,
  displayName,
  newIdentity,
  openRegisteredDisplay,
  registerNewDisplay,
  useIdentity,
  withoutThaiVoice,
} from './support/devices.ts';
import { fileBrowser } from './support/file-browser.ts';

const baseUrl = inject('baseUrl');
const files = fileBrowser(baseUrl);

describe('proof that a call was heard', () => {
  it('shows "caption only" beside the call on the calling page when the display may not play sound, and the display offline once it closes', async () => {
    // A TV whose browser keeps sound locked (nobody has touched it) and has no Thai voice.
    const tv = await files.context({ viewport: { width: 1920, height: 1080 } });
    const display = await tv.newPage();
    const uuid = await openRegisteredDisplay(display, baseUrl, { soundLocked: true });
    await display.getByTestId('unlock-sound').waitFor();
    const name = await displayName(baseUrl, uuid);

    // The officer's calling page, open while a truck is called.
    const officer = await files.officerPage('employee@example.com', 'demo1234', '/System/manageCalling/1');
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

  it('says "not announced", never "pending", beside a call made before its display was put up (issue 36)', async () => {
    // A truck is called while no display of its type exists yet...
    const { queueNumber } = await issueAndCall(baseUrl);
    const standard = (await demoQueueTypes(baseUrl)).find((q) => q.flow_engine_id === FLOW_ENGINE.standard)!;
    // ...then the plant puts up a display of that type, and it is on.
    const identity = newIdentity();
    const uuid = await registerNewDisplay(baseUrl, identity, [standard.id]);
    const tv = await files.context({ viewport: { width: 1920, height: 1080 } });
    const display = await tv.newPage();
    await withoutThaiVoice(display);
    await useIdentity(display, 'display', identity);
    await display.goto('/DisplayManage');
    await display.getByTestId('display-station').first().waitFor({ timeout: 15_000 });
    const name = await displayName(baseUrl, uuid);

    const officer = await files.officerPage('employee@example.com', 'demo1234', '/System/manageCalling/1');
    const tag = officer.locator(
      `[data-testid="call-proof"][data-queue="${queueNumber}"] [data-testid="call-proof-tag"][data-display="${name}"]`,
    );
    await expect.poll(() => tag.getAttribute('data-state'), { timeout: 8_000 }).toBe('not_sent');
    expect(await tag.innerText()).toBe('Not announced');
    await tag.hover();
    await expect
      .poll(() => officer.getByRole('tooltip').filter({ hasText: name }).innerText(), { timeout: 3_000 })
      .toContain('registered after this call');

    await tv.close();
    await cancelDevice(baseUrl, 'display', uuid);
  });
});
