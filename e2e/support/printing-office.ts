import { FLOW_ENGINE } from '@truck-queue/shared/queue/queue-machine';
import type { PrintOutcome } from '@truck-queue/shared/contracts/printing.contract';
import { API_KEY, demoQueueTypes, post } from './demo-plant.ts';
import { adminSession, newIdentity, sayHello, type DeviceIdentity } from './devices.ts';

/**
 * Kiosks of the demo branch bound to fake network printers (apps/server/src/test/fake-escpos-printer.ts),
 * for the office's printing tests and screenshots. Each is a kiosk of its own (the demo's kiosk is
 * left as it is for the other tests), serving the standard flow, with a registered device.
 */
export interface PrintingKiosk {
  uuid: string;
  id: number;
  name: string;
  identity: DeviceIdentity;
  /** The standard flow's queue type and product it issues. */
  typeId: number;
  productId: number;
}

/** A new kiosk named `name`, serving the standard flow, with a device registered on it; it prints on its browser. */
export async function createKiosk(baseUrl: string, name: string): Promise<PrintingKiosk> {
  const session = await adminSession(baseUrl);
  const { device } = await post<{ device: { id: number; uuid: string } }>(
    baseUrl,
    'printer/doMainPrinter',
    { name, printer: 1 },
    session,
  );
  const type = (await demoQueueTypes(baseUrl)).find(
    (q) => q.flow_engine_id === FLOW_ENGINE.standard && q.product.length > 0,
  );
  if (!type) throw new Error('The demo branch has no standard-flow queue type with a product');
  await post(baseUrl, 'printer/manageOT', { id: device.id, branch_queue_type: [type.id] }, session);
  const identity = newIdentity();
  await sayHello(baseUrl, 'printer', identity);
  await post(baseUrl, 'printer/addDevice', { uuid: device.uuid, device_id: identity.id }, session);
  // The device's next contact stamps it verified.
  await sayHello(baseUrl, 'printer', identity);
  return {
    uuid: device.uuid,
    id: device.id,
    name,
    identity,
    typeId: type.id,
    productId: type.product[0]!.id,
  };
}

/** Where the kiosk prints, saved as the Printing controller saves it. */
export async function setPrintTarget(
  baseUrl: string,
  kiosk: PrintingKiosk,
  target:
    | { print_target: 'browser' | 'usb'; paper_width?: 80 | 58 }
    | { print_target: 'network'; host: string; port: number },
): Promise<void> {
  const session = await adminSession(baseUrl);
  await post(
    baseUrl,
    'printer/doMainPrinter',
    target.print_target === 'network'
      ? {
          uuid: kiosk.uuid,
          name: kiosk.name,
          print_target: 'network',
          printer_host: target.host,
          printer_port: target.port,
        }
      : { uuid: kiosk.uuid, name: kiosk.name, ...target },
    session,
  );
}

/** Reads the kiosk's printer now, as "ตรวจสถานะ" does. */
export async function checkPrinterNow(baseUrl: string, kiosk: PrintingKiosk): Promise<string> {
  const { printer } = await post<{ printer: { health: string } }>(
    baseUrl,
    'printer/checkPrinter',
    { uuid: kiosk.uuid },
    await adminSession(baseUrl),
  );
  return printer.health;
}

/** The kiosk issues a ticket for a truck, as its screen does, and says what became of the paper. */
export async function issueAtKiosk(
  baseUrl: string,
  kiosk: PrintingKiosk,
  licence: string,
): Promise<{ queue: { uuid: string; queue_number: string }; print: PrintOutcome }> {
  const response = await fetch(`${baseUrl}/api/process/printer/issueQueue`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: API_KEY,
      'device-id': kiosk.identity.id,
      'device-secret': kiosk.identity.secret,
    },
    body: JSON.stringify({ id_branchQT: kiosk.typeId, product: kiosk.productId, truck_license: licence }),
  });
  const json = (await response.json()) as {
    queue: { uuid: string; queue_number: string };
    print: PrintOutcome;
  };
  if (!response.ok) throw new Error(`issueQueue failed: ${JSON.stringify(json)}`);
  return json;
}

/** Back to the browser's print dialog and without a device: the kiosk no longer warns on any page. */
export async function retireKiosk(baseUrl: string, kiosk: PrintingKiosk): Promise<void> {
  await setPrintTarget(baseUrl, kiosk, { print_target: 'browser' });
  await post(baseUrl, 'printer/cancelDevice', { uuid: kiosk.uuid }, await adminSession(baseUrl));
}

/** The branch's kiosks' printers as the calling page gets them (for a failing test's message). */
export async function branchPrintersNow(baseUrl: string): Promise<string> {
  const { printers } = await post<{ printers: { name: string; health: string; print_target: string }[] }>(
    baseUrl,
    'calling/printers',
    {},
    await adminSession(baseUrl),
  );
  return printers.map((p) => `${p.name} (${p.print_target}): ${p.health}`).join('; ');
}
