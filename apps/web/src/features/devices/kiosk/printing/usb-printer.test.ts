import { describe, expect, it } from 'vitest';
import { PRINT_DEADLINE_MS, PRINTED_CONFIRMATION_REQUEST } from '@truck-queue/shared/printing/printer-status';
import { ticketJob } from '../../../../../../server/src/modules/printing/escpos-job.ts';
import { EscPosReceiver, type FakeStatus } from '../../../../../../server/src/test/escpos-receiver.ts';
import {
  printerInterface,
  printOnUsbPrinter,
  readUsbHealth,
  type UsbConfigurationLike,
  type UsbPrinterDevice,
  type UsbTransferInResult,
} from './usb-printer.ts';

const OUT = 1;
const IN = 2;

/** A receipt printer's one configuration: a printer-class interface with bulk OUT and IN. */
const PRINTER_CONFIGURATION: UsbConfigurationLike = {
  configurationValue: 1,
  interfaces: [
    {
      interfaceNumber: 0,
      claimed: false,
      alternates: [
        {
          alternateSetting: 0,
          interfaceClass: 7,
          endpoints: [
            { endpointNumber: OUT, direction: 'out', type: 'bulk' },
            { endpointNumber: IN, direction: 'in', type: 'bulk' },
          ],
        },
      ],
    },
  ],
};

/**
 * A USB receipt printer as WebUSB shows it: what goes out feeds the fake printer's protocol
 * core (EscPosReceiver, shared with the server's TCP fake), and reads return its answers. A
 * silent printer leaves reads waiting until the device is closed, as a real one does.
 */
class FakeUsbPrinter implements UsbPrinterDevice {
  opened = false;
  configuration: UsbConfigurationLike | null = null;
  readonly configurations = [PRINTER_CONFIGURATION];
  readonly receiver: EscPosReceiver;
  /** Everything the kiosk sent. */
  sent: number[] = [];
  /** Unplugged once this many bytes have gone out. */
  unplugAfter: number | null = null;
  private unplugged = false;
  private answers: number[] = [];
  private reads: { length: number; resolve: (r: UsbTransferInResult) => void; reject: (e: Error) => void }[] =
    [];

  constructor(status: FakeStatus) {
    this.receiver = new EscPosReceiver(status);
  }

  private gone(): DOMException {
    return new DOMException('The device was disconnected.', 'NotFoundError');
  }

  open(): Promise<void> {
    if (this.unplugged) return Promise.reject(this.gone());
    this.opened = true;
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.opened = false;
    this.configuration = null;
    for (const read of this.reads.splice(0)) read.reject(new DOMException('closed', 'AbortError'));
    return Promise.resolve();
  }

  selectConfiguration(value: number): Promise<void> {
    this.configuration = this.configurations.find((c) => c.configurationValue === value) ?? null;
    return Promise.resolve();
  }

  claimInterface(): Promise<void> {
    return this.opened
      ? Promise.resolve()
      : Promise.reject(new DOMException('not open', 'InvalidStateError'));
  }

  selectAlternateInterface(): Promise<void> {
    return Promise.resolve();
  }

  transferOut(endpoint: number, data: Uint8Array<ArrayBuffer>) {
    if (endpoint !== OUT || !this.opened || this.unplugged) return Promise.reject(this.gone());
    if (this.unplugAfter !== null && this.sent.length + data.length > this.unplugAfter) {
      this.unplugged = true;
      this.opened = false;
      return Promise.reject(new DOMException('A transfer error has occurred.', 'NetworkError'));
    }
    this.sent.push(...data);
    this.answers.push(...this.receiver.receive(data));
    this.serveReads();
    return Promise.resolve({ bytesWritten: data.length, status: 'ok' as const });
  }

  transferIn(endpoint: number, length: number): Promise<UsbTransferInResult> {
    if (endpoint !== IN || !this.opened) return Promise.reject(this.gone());
    return new Promise((resolve, reject) => {
      this.reads.push({ length, resolve, reject });
      this.serveReads();
    });
  }

  private serveReads() {
    while (this.answers.length > 0 && this.reads.length > 0) {
      const read = this.reads.shift()!;
      const bytes = Uint8Array.from(this.answers.splice(0, read.length));
      read.resolve({ data: new DataView(bytes.buffer), status: 'ok' });
    }
  }
}

/** A small ticket-like raster: a frame and a diagonal, 64 dots wide. */
function sampleRaster() {
  const width = 64;
  const height = 40;
  const bits = new Uint8Array((width / 8) * height);
  const dot = (x: number, y: number) => (bits[y * (width / 8) + (x >> 3)]! |= 0x80 >> (x & 7));
  for (let x = 0; x < width; x++) {
    dot(x, 0);
    dot(x, height - 1);
  }
  for (let y = 0; y < height; y++) {
    dot(0, y);
    dot(width - 1, y);
    dot(Math.floor((y * (width - 1)) / (height - 1)), y);
  }
  return { width, height, bits };
}

describe('a USB receipt printer through WebUSB', () => {
  it('prints a job on a healthy printer: one ticket, the raster as sent, cut, confirmed', async () => {
    const device = new FakeUsbPrinter('ok');
    const raster = sampleRaster();
    const attempt = await printOnUsbPrinter(device, ticketJob(raster));
    expect(attempt).toEqual({ ok: true, health: 'ok' });
    expect(device.receiver.jobs).toHaveLength(1);
    const [job] = device.receiver.jobs;
    expect({ width: job!.width, height: job!.height, cut: job!.cut }).toEqual({
      width: raster.width,
      height: raster.height,
      cut: true,
    });
    expect(Array.from(job!.bits)).toEqual(Array.from(raster.bits));
    expect(device.receiver.protocolErrors).toEqual([]);
    // Asked whether the paper came out, after the job; closed once done.
    const sent = Uint8Array.from(device.sent);
    expect(indexOf(sent, PRINTED_CONFIRMATION_REQUEST)).toBeGreaterThan(
      indexOf(sent, Uint8Array.of(0x1d, 0x56)),
    );
    expect(device.opened).toBe(false);
  });

  it('still prints on paper near end, and says so', async () => {
    const device = new FakeUsbPrinter('paper_near_end');
    expect(await printOnUsbPrinter(device, ticketJob(sampleRaster()))).toEqual({
      ok: true,
      health: 'paper_near_end',
    });
    expect(device.receiver.jobs).toHaveLength(1);
  });

  it('refuses to send a ticket to a printer out of paper: only the status was asked', async () => {
    const device = new FakeUsbPrinter('paper_end');
    const attempt = await printOnUsbPrinter(device, ticketJob(sampleRaster()));
    expect(attempt).toEqual({ ok: false, reason: 'paper_end', health: 'paper_end' });
    // DLE EOT 1 to 4 and nothing else.
    expect(device.sent).toEqual([0x10, 4, 1, 0x10, 4, 2, 0x10, 4, 3, 0x10, 4, 4]);
    expect(device.receiver.jobs).toHaveLength(0);
  });

  it('refuses with the cover open', async () => {
    const device = new FakeUsbPrinter('cover_open');
    expect(await printOnUsbPrinter(device, ticketJob(sampleRaster()))).toMatchObject({
      ok: false,
      reason: 'cover_open',
    });
    expect(device.receiver.jobs).toHaveLength(0);
  });

  it('gives up on a printer that never answers within the deadline: no_answer, nothing printed', async () => {
    const device = new FakeUsbPrinter('silent');
    const started = Date.now();
    const attempt = await printOnUsbPrinter(device, ticketJob(sampleRaster()));
    expect(Date.now() - started).toBeLessThanOrEqual(PRINT_DEADLINE_MS);
    expect(attempt).toEqual({ ok: false, reason: 'no_answer', health: 'no_answer' });
    expect(device.receiver.jobs).toHaveLength(0);
    // Closing cancelled the read still waiting.
    expect(device.opened).toBe(false);
  });

  it('says usb_error when the printer is unplugged mid-job, and unreachable after', async () => {
    const device = new FakeUsbPrinter('ok');
    // The status check (12 bytes) passes; the printer goes halfway through the raster.
    device.unplugAfter = 12 + 150;
    const attempt = await printOnUsbPrinter(device, ticketJob(sampleRaster()));
    expect(attempt).toEqual({ ok: false, reason: 'usb_error', health: 'unreachable' });
    expect(device.receiver.jobs).toHaveLength(0);
    expect(await readUsbHealth(device)).toBe('unreachable');
  });

  it('says unreachable when there is no printer at all', async () => {
    expect(await printOnUsbPrinter(null, Uint8Array.of(0x1b, 0x40))).toEqual({
      ok: false,
      reason: 'unreachable',
      health: 'unreachable',
    });
    expect(await readUsbHealth(null)).toBe('unreachable');
  });

  it('reads the health between jobs', async () => {
    const device = new FakeUsbPrinter('ok');
    expect(await readUsbHealth(device)).toBe('ok');
    device.receiver.status = 'paper_end';
    expect(await readUsbHealth(device)).toBe('paper_end');
    device.receiver.status = 'offline';
    expect(await readUsbHealth(device)).toBe('offline');
  });

  it('finds the printer interface: printer class first, else any with bulk IN and OUT', () => {
    expect(printerInterface({ configurations: [PRINTER_CONFIGURATION] })).toEqual({
      configurationValue: 1,
      interfaceNumber: 0,
      alternateSetting: 0,
      out: OUT,
      in: IN,
    });
    const vendor: UsbConfigurationLike = {
      configurationValue: 1,
      interfaces: [
        {
          interfaceNumber: 0,
          claimed: false,
          alternates: [
            {
              alternateSetting: 0,
              interfaceClass: 3,
              endpoints: [{ endpointNumber: 1, direction: 'in', type: 'interrupt' }],
            },
          ],
        },
        {
          interfaceNumber: 1,
          claimed: false,
          alternates: [
            {
              alternateSetting: 0,
              interfaceClass: 0xff,
              endpoints: [
                { endpointNumber: 3, direction: 'out', type: 'bulk' },
                { endpointNumber: 4, direction: 'in', type: 'bulk' },
              ],
            },
          ],
        },
      ],
    };
    expect(printerInterface({ configurations: [vendor] })).toMatchObject({
      interfaceNumber: 1,
      out: 3,
      in: 4,
    });
    expect(
      printerInterface({ configurations: [{ configurationValue: 1, interfaces: [vendor.interfaces[0]!] }] }),
    ).toBe(null);
  });
});

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
