import { describe, expect, it } from 'vitest';
import { PAPER_DOTS, PAPER_WIDTHS } from '@truck-queue/shared/printing/printer-status';
import { BAND_LINES, ticketJob } from './escpos-job.ts';
import { isBlack, type Raster } from './raster.ts';
import { renderTicket } from './ticket-raster.ts';
import { scanCode128, scanQr } from '../../test/ticket-scan.ts';
import { SAMPLE_TICKET } from './sample-ticket.ts';

const THAI_TICKET = SAMPLE_TICKET;

/** The tallest unbroken black stroke: the queue number's stems are the tallest things printed. */
function tallestStroke(raster: Raster): number {
  let tallest = 0;
  for (let x = 0; x < raster.width; x++) {
    let run = 0;
    for (let y = 0; y < raster.height; y++) {
      run = isBlack(raster, x, y) ? run + 1 : 0;
      tallest = Math.max(tallest, run);
    }
  }
  return tallest;
}

function blackInColumns(raster: Raster, from: number, to: number): number {
  let count = 0;
  for (let y = 0; y < raster.height; y++) for (let x = from; x < to; x++) if (isBlack(raster, x, y)) count++;
  return count;
}

describe('the ticket raster', () => {
  it.each(PAPER_WIDTHS)(
    'on %i mm paper: its QR opens the driver page, its barcode reads the code',
    async (paper) => {
      const raster = await renderTicket(THAI_TICKET, paper);
      expect(raster.width).toBe(PAPER_DOTS[paper]);
      expect(raster.bits).toHaveLength((raster.width / 8) * raster.height);
      expect(scanQr(raster)).toBe(THAI_TICKET.follow_url);
      expect(scanCode128(raster)).toBe(THAI_TICKET.ticket_code);
    },
  );

  it('prints the queue number large enough to read from arm’s length', async () => {
    // Strokes of the digits, in dots (8 a millimetre): over 20 mm on 80 mm paper, 14 on 58.
    expect(tallestStroke(await renderTicket(THAI_TICKET, 80))).toBeGreaterThanOrEqual(160);
    expect(tallestStroke(await renderTicket(THAI_TICKET, 58))).toBeGreaterThanOrEqual(110);
  });

  it('wraps a long company name and licence inside the paper instead of cutting them', async () => {
    const long = {
      ...THAI_TICKET,
      heading: 'บริษัท อุตสาหกรรมแป้งมันสำปะหลังและผลิตภัณฑ์การเกษตรภาคตะวันออกเฉียงเหนือ จำกัด (มหาชน)',
      truck_license: '70-1234 พระนครศรีอยุธยา / 71-5678 พระนครศรีอยุธยา',
      queue_type_name: 'WeighbridgeInboundDeliveriesOfDriedCassavaChipsFromSmallholders',
    };
    for (const paper of PAPER_WIDTHS) {
      const short = await renderTicket(THAI_TICKET, paper);
      const wrapped = await renderTicket(long, paper);
      // Three more lines at least for the company, one for the second plate, one for the type.
      expect(wrapped.height).toBeGreaterThan(short.height + 100);
      expect(blackInColumns(wrapped, 0, 2)).toBe(0);
      expect(blackInColumns(wrapped, wrapped.width - 2, wrapped.width)).toBe(0);
      expect(scanQr(wrapped)).toBe(long.follow_url);
    }
  });

  it('marks a test print with a black band across the top', async () => {
    const raster = await renderTicket({ ...THAI_TICKET, test: true }, 80);
    expect(blackInColumns({ ...raster, height: 1 }, 0, raster.width)).toBe(raster.width);
    const ticket = await renderTicket(THAI_TICKET, 80);
    expect(blackInColumns({ ...ticket, height: 1 }, 0, ticket.width)).toBe(0);
  });

  it('shows the trucks-ahead line only when the ticket recorded it', async () => {
    const known = await renderTicket(THAI_TICKET, 80);
    const unknown = await renderTicket({ ...THAI_TICKET, ahead_at_issue: null }, 80);
    expect(unknown.height).toBeLessThan(known.height);
  });
});

/** Reads a job as a printer does: ESC @, GS v 0 bands, ESC d n, GS V 66 0; gives the image. */
function parseJob(job: Uint8Array): { raster: Raster; bands: number[]; cut: boolean } {
  expect([...job.subarray(0, 2)]).toEqual([0x1b, 0x40]);
  let at = 2;
  const rows: Uint8Array[] = [];
  const bands: number[] = [];
  let width = 0;
  while (job[at] === 0x1d && job[at + 1] === 0x76 && job[at + 2] === 0x30) {
    const rowBytes = job[at + 4]! | (job[at + 5]! << 8);
    const lines = job[at + 6]! | (job[at + 7]! << 8);
    width = rowBytes * 8;
    bands.push(lines);
    rows.push(job.subarray(at + 8, at + 8 + rowBytes * lines));
    at += 8 + rowBytes * lines;
  }
  expect(job[at]).toBe(0x1b); // ESC d n: feed past the cutter
  expect(job[at + 1]).toBe(0x64);
  at += 3;
  const cut = [...job.subarray(at)].join(',') === '29,86,66,0';
  const bits = new Uint8Array(rows.reduce((sum, r) => sum + r.length, 0));
  rows.reduce((offset, r) => (bits.set(r, offset), offset + r.length), 0);
  return { raster: { width, height: bits.length / (width / 8), bits }, bands, cut };
}

describe('the ticket print job', () => {
  it('prints the raster in GS v 0 bands a small printer buffers, then cuts', async () => {
    const raster = await renderTicket(THAI_TICKET, 80);
    const printed = parseJob(ticketJob(raster));
    expect(printed.cut).toBe(true);
    expect(printed.raster.width).toBe(raster.width);
    expect(printed.raster.height).toBe(raster.height);
    expect(printed.raster.bits).toEqual(raster.bits);
    expect(Math.max(...printed.bands)).toBeLessThanOrEqual(BAND_LINES);
    expect(printed.bands.length).toBe(Math.ceil(raster.height / BAND_LINES));
    expect(scanCode128(printed.raster)).toBe(THAI_TICKET.ticket_code);
  });

  it('refuses a raster whose bytes do not match its size', () => {
    expect(() => ticketJob({ width: 12, height: 1, bits: new Uint8Array(2) })).toThrow(RangeError);
    expect(() => ticketJob({ width: 16, height: 2, bits: new Uint8Array(2) })).toThrow(RangeError);
  });
});
