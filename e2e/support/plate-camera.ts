import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { io } from 'socket.io-client';
import { DEVICE_ID_ALPHABET } from '@truck-queue/shared/contracts/device.contract';
import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import { API_KEY, demoQueueTypes, employeeSession, issueAndCall, post, signIn } from './demo-plant.ts';

/**
 * A plate camera at the demo plant's gate (issue 42), as its bridge is: a device of kind `reader`
 * that says hello with its short id, which the admin registers, and then posts reads with its
 * credentials: the plate as its recogniser read it, how sure it was, and a JPEG of the plate.
 */

/** A plate as a camera photographs it (a JPEG the server keeps and the pages show). */
export const PLATE_JPEG = readFileSync(
  new URL('../../apps/server/src/test/fixtures/plate-70-1234.jpg', import.meta.url),
).toString('base64');

export interface CameraRead {
  id: number;
  outcome: string;
  reason: string | null;
  queue_number: string | null;
}

export interface PlateCamera {
  read(body: { plate: string; confidence: number; snapshot?: string }): Promise<CameraRead>;
}

/**
 * A camera registered by the demo's admin: at the gate, (`weighbridge`) over the demo's
 * weighbridge station's deck, or (`check_in`) at the entrance.
 */
export async function plateCamera(
  baseUrl: string,
  place: 'gate_exit' | 'weighbridge' | 'check_in',
  name = place === 'gate_exit' ? 'กล้องประตูทางออก' : place === 'weighbridge' ? 'กล้องตาชั่ง' : 'กล้องทางเข้า',
): Promise<PlateCamera> {
  const id = [...randomBytes(8)].map((b) => DEVICE_ID_ALPHABET[b % DEVICE_ID_ALPHABET.length]).join('');
  const headers = {
    'content-type': 'application/json',
    authorization: API_KEY,
    'device-id': id,
    'device-secret': randomBytes(32).toString('base64url'),
  };
  const call = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}/api/${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as T;
    if (!response.ok) throw new Error(`${path} failed: ${JSON.stringify(json)}`);
    return json;
  };
  await call('device/hello', { device_id: id, kind: 'reader' });
  const admin = await signIn(baseUrl, 'admin@example.com', 'admin1234');
  const { station } = await post<{ station: { id: number }[] }>(
    baseUrl,
    'reader/mainReader',
    {},
    admin.session,
  );
  const { device } = await post<{ device: { uuid: string } }>(
    baseUrl,
    'reader/doMainReader',
    { name, action: place, station_id: place === 'weighbridge' ? station[0]!.id : null },
    admin.session,
  );
  await post(baseUrl, 'reader/addDevice', { uuid: device.uuid, device_id: id }, admin.session);
  return {
    read: async (body) => (await call<{ read: CameraRead }>('device/identify', body)).read,
  };
}

/**
 * A visitor's truck whose work is done: issued to the general line, called to its station and
 * finished, as Manage Calling does; the gate may let it out.
 */
export async function finishedTruck(baseUrl: string, licence: string) {
  const general = (await demoQueueTypes(baseUrl)).find((type) => type.flow_engine_id === FLOW_ENGINE.general);
  if (!general) throw new Error('The demo has no general line');
  const ticket = await issueAndCall(baseUrl, 0, licence, general.id);
  const { session, branchId } = await employeeSession(baseUrl);
  const socket = io(baseUrl, { auth: { session, apiKey: API_KEY }, transports: ['websocket'] });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ack = (await socket.emitWithAck('doFinish', branchId, ticket.queueId)) as { status: number };
    if (ack.status !== 1) throw new Error(`doFinish refused: ${JSON.stringify(ack)}`);
  } finally {
    socket.disconnect();
  }
  return ticket;
}
