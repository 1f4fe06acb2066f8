import { randomBytes } from 'node:crypto';
import type { DeviceKind } from '@truck-queue/shared/contracts/api';
import { DEVICE_ID_ALPHABET } from '@truck-queue/shared/contracts/device.contract';
import {
  displayContracts,
  printerContracts,
  readerContracts,
  scaleContracts,
} from '@truck-queue/shared/contracts/controller.contract';
import type { TestContext } from './harness.ts';
import type { Plant } from './plant.ts';

/** A browser's identity as a device: the short id it shows and the secret it keeps. */
export interface Browser {
  id: string;
  secret: string;
  /** The device-id and device-secret headers. */
  headers: Record<string, string>;
}

/** A new browser: a random id as a device page makes one, or the id given. */
export function newBrowser(
  id = [...randomBytes(8)].map((b) => DEVICE_ID_ALPHABET[b % DEVICE_ID_ALPHABET.length]).join(''),
): Browser {
  const secret = randomBytes(32).toString('base64url');
  return { id, secret, headers: { 'device-id': id, 'device-secret': secret } };
}

/**
 * The browser's page says hello, as an unregistered screen does when it shows its id: the
 * server then remembers this browser as the one showing that id.
 */
export async function sayHello(t: TestContext, kind: DeviceKind, browser: Browser) {
  const response = await t.post(
    'device/hello',
    { device_id: browser.id, kind },
    { headers: browser.headers },
  );
  if (response.statusCode !== 200) throw new Error(`hello failed: ${response.body}`);
  return response.json<{ registered: boolean }>();
}

/**
 * The browser's screen says hello, then an admin of the plant creates a display or kiosk with
 * these queue types (all of the plant's by default) and registers the browser's id on it, as
 * the controller screens do.
 */
export async function registerDevice(
  t: TestContext,
  plant: Plant,
  kind: DeviceKind,
  browser: Browser,
  typeIds: number[] = Object.values(plant.types).map((type) => type.id),
) {
  await sayHello(t, kind, browser);
  const session = plant.officers.admin.session;
  if (kind === 'scale') {
    const created = await t.call(
      scaleContracts.save,
      { name: `Scale ${browser.id}`, station_id: null },
      session,
    );
    await t.call(scaleContracts.addDevice, { uuid: created.device.uuid, device_id: browser.id }, session);
    return created.device;
  }
  if (kind === 'reader') {
    // A gate camera unless told otherwise (identification tests register their own).
    const created = await t.call(
      readerContracts.save,
      { name: `Reader ${browser.id}`, action: 'gate_exit', station_id: null },
      session,
    );
    await t.call(readerContracts.addDevice, { uuid: created.device.uuid, device_id: browser.id }, session);
    return created.device;
  }
  const contracts = kind === 'display' ? displayContracts : printerContracts;
  const created = await t.call(
    contracts.save,
    kind === 'display' ? { name: `Display ${browser.id}` } : { name: `Kiosk ${browser.id}`, printer: 1 },
    session,
  );
  await t.call(contracts.manageOT, { id: created.device.id, branch_queue_type: typeIds }, session);
  await t.call(contracts.addDevice, { uuid: created.device.uuid, device_id: browser.id }, session);
  return created.device;
}
