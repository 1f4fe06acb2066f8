import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newBrowser, registerDevice, type Browser } from '../../test/devices.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { createPlant, type Plant } from '../../test/plant.ts';
import { closeSockets, deviceSocket, listen, next, record } from '../../test/sockets.ts';
import { encodePcm16 } from './wav.ts';

let t: TestContext;
let url: string;
let plant: Plant;
let other: Plant;

beforeAll(async () => {
  t = await createTestContext();
  plant = await createPlant(t, 'Voice one');
  other = await createPlant(t, 'Voice two');
  url = await listen(t);
});
afterEach(() => closeSockets());
afterAll(() => t.close());

const connect = (browser: Browser) =>
  deviceSocket(url, {
    apiKey: t.config.apiKey,
    kind: 'display',
    device_id: browser.id,
    secret: browser.secret,
  });

const tone = () => {
  const samples = new Int16Array(8000).map((_, i) => Math.round(10_000 * Math.sin(i / 3)));
  return encodePcm16(samples, 16_000).toString('base64');
};

describe('voiceChanged', () => {
  it("reaches the branch's displays when a recording is uploaded or removed, and no other branch's", async () => {
    const mine = newBrowser();
    const theirs = newBrowser();
    await registerDevice(t, plant, 'display', mine);
    await registerDevice(t, other, 'display', theirs);
    const myDisplay = await connect(mine);
    const theirDisplay = await connect(theirs);
    const heardThere = record(theirDisplay, 'voiceChanged');

    const uploaded = next(myDisplay, 'voiceChanged');
    const upload = await t.post(
      'voice/upload',
      { token: '5', audio: tone() },
      { session: plant.officers.admin.session },
    );
    expect(upload.statusCode, upload.body).toBe(200);
    await uploaded;

    const removed = next(myDisplay, 'voiceChanged');
    const remove = await t.post('voice/remove', { token: '5' }, { session: plant.officers.admin.session });
    expect(remove.statusCode).toBe(200);
    await removed;

    // A refused upload changes nothing and says nothing.
    const silent = record(myDisplay, 'voiceChanged');
    const refused = await t.post(
      'voice/upload',
      { token: '5', audio: Buffer.from('not audio').toString('base64') },
      { session: plant.officers.admin.session },
    );
    expect(refused.statusCode).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(silent).toEqual([]);
    expect(heardThere).toEqual([]);
  });
});
