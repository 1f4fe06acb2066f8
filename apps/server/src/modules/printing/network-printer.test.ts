import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakePrinter, type FakePrinter } from '../../test/fake-escpos-printer.ts';
import {
  keepBytes,
  PRINTER_BYTES_KEPT,
  printOnNetworkPrinter,
  readPrinterHealth,
} from './network-printer.ts';

/** A small ticket: ESC @, one 16 x 2 raster band, feed and cut. */
const ticket = Uint8Array.from([
  0x1b, 0x40, 0x1d, 0x76, 0x30, 0, 2, 0, 2, 0, 0xf0, 0x0f, 0x0f, 0xf0, 0x1b, 0x64, 3, 0x1d, 0x56, 0x42, 0,
]);

const printers: FakePrinter[] = [];
async function fakePrinter(...args: Parameters<typeof startFakePrinter>) {
  const printer = await startFakePrinter(...args);
  printers.push(printer);
  return printer;
}
afterEach(async () => {
  await Promise.all(printers.splice(0).map((p) => p.close()));
});

describe('printing on a network printer', () => {
  it('a healthy printer prints the ticket once and confirms it', async () => {
    const printer = await fakePrinter();
    expect(await printOnNetworkPrinter(printer, ticket)).toEqual({ ok: true, health: 'ok' });
    expect(printer.jobs).toHaveLength(1);
    expect(printer.jobs[0]).toMatchObject({ width: 16, height: 2, cut: true });
    expect(printer.protocolErrors).toEqual([]);
  });

  it('talks to a printer one call at a time: tickets and a health read at once never share it', async () => {
    const printer = await fakePrinter();
    const [first, health, second] = await Promise.all([
      printOnNetworkPrinter(printer, ticket),
      readPrinterHealth(printer),
      printOnNetworkPrinter(printer, ticket),
    ]);
    expect([first, health, second]).toEqual([{ ok: true, health: 'ok' }, 'ok', { ok: true, health: 'ok' }]);
    expect(printer.jobs).toHaveLength(2);
    expect(printer.peakConnections).toBe(1);
  });

  it('paper near its end still prints, and says so', async () => {
    const printer = await fakePrinter({ status: 'paper_near_end' });
    expect(await printOnNetworkPrinter(printer, ticket)).toEqual({ ok: true, health: 'paper_near_end' });
    expect(printer.jobs).toHaveLength(1);
  });

  it('a printer out of paper or with its cover open is not sent the ticket', async () => {
    for (const status of ['paper_end', 'cover_open', 'offline', 'error'] as const) {
      const printer = await fakePrinter({ status });
      expect(await printOnNetworkPrinter(printer, ticket)).toEqual({
        ok: false,
        reason: status,
        health: status,
      });
      expect(printer.jobs).toEqual([]);
    }
  });

  it('a roll that runs out on the ticket fails it as paper end', async () => {
    const printer = await fakePrinter();
    printer.setStatusAfterJob('paper_end');
    expect(await printOnNetworkPrinter(printer, ticket)).toEqual({
      ok: false,
      reason: 'paper_end',
      health: 'paper_end',
    });
  });

  it('a printer that never answers gives no_answer without holding the caller past the deadline', async () => {
    const printer = await fakePrinter({ status: 'silent' });
    const started = Date.now();
    const attempt = await printOnNetworkPrinter(printer, ticket, { deadlineMs: 2_000 });
    expect(attempt).toEqual({ ok: false, reason: 'no_answer', health: 'no_answer' });
    // A generous bound: the answer comes by the deadline, not after the socket's own timeouts.
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(printer.jobs).toEqual([]);
  });

  it('a printer that goes silent after taking the ticket is not confirmed', async () => {
    const printer = await fakePrinter();
    printer.setStatusAfterJob('silent');
    expect(await printOnNetworkPrinter(printer, ticket, { deadlineMs: 3_000 })).toEqual({
      ok: false,
      reason: 'not_confirmed',
      health: 'no_answer',
    });
  });

  it('nothing listening at the address is unreachable', async () => {
    const printer = await fakePrinter();
    await printer.refuseConnections();
    expect(await printOnNetworkPrinter(printer, ticket)).toEqual({
      ok: false,
      reason: 'unreachable',
      health: 'unreachable',
    });
    expect(await readPrinterHealth(printer)).toBe('unreachable');
  });

  it('something that is not a printer (answers in another protocol) is no_answer', async () => {
    const server = net.createServer((socket) => {
      socket.on('error', () => {});
      socket.on('data', () => socket.write('HTTP/1.1 400 Bad Request\r\n\r\n'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      expect(await readPrinterHealth({ host: '127.0.0.1', port })).toBe('no_answer');
    } finally {
      server.close();
    }
  });

  it('reads the health of a printer without printing', async () => {
    const printer = await fakePrinter({ status: 'cover_open' });
    expect(await readPrinterHealth(printer)).toBe('cover_open');
    printer.setStatus('ok');
    expect(await readPrinterHealth(printer)).toBe('ok');
    expect(printer.jobs).toEqual([]);
  });

  it('never connects outside the plant network: a public address is unreachable at once', async () => {
    const started = Date.now();
    expect(await readPrinterHealth({ host: '8.8.8.8', port: 9100 })).toBe('unreachable');
    expect(await printOnNetworkPrinter({ host: '1.1.1.1', port: 9100 }, ticket)).toMatchObject({
      reason: 'unreachable',
    });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('a host name that does not resolve is unreachable', async () => {
    expect(
      await readPrinterHealth({ host: 'no-such-printer.invalid', port: 9100 }, { deadlineMs: 2_000 }),
    ).toBe('unreachable');
  });
});

describe('bytes from a printer', () => {
  it('are kept up to a few hundred: a device that streams megabytes at the server fills no memory', () => {
    const kept: number[] = [];
    keepBytes(kept, new Uint8Array(1024 * 1024).fill(0x12));
    expect(kept).toHaveLength(PRINTER_BYTES_KEPT);
    keepBytes(kept, Uint8Array.from([1, 2, 3]));
    expect(kept).toHaveLength(PRINTER_BYTES_KEPT);
    // What a read takes makes room again, in order.
    kept.splice(0, 2);
    keepBytes(kept, Uint8Array.from([7, 8, 9]));
    expect(kept.slice(-2)).toEqual([7, 8]);
    expect(PRINTER_BYTES_KEPT).toBeLessThanOrEqual(1024);
  });
});
