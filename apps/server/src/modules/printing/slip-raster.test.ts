import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAPER_DOTS, PAPER_WIDTHS } from '@truck-queue/shared/printing/printer-status';
import { isBlack, type Raster } from './raster.ts';
import { renderSlip, slipText, type SlipRasterInput } from './slip-raster.ts';
import { scanCode128, scanQr } from '../../test/ticket-scan.ts';

const SLIP: SlipRasterInput = {
  heading: 'บริษัท แป้งมันสำปะหลังไทย จำกัด',
  subheading: 'สาขานครราชสีมา',
  queue_number: 'A012',
  queue_type_name: 'รับซื้อหัวมันสด',
  product_name: 'หัวมันสด',
  truck_license: '70-1234 นครราชสีมา',
  ticket_code: 'T-016JD',
  slip: {
    weigh_in: { kg: 41_250, at: '25/11/2569 14:05', source: 'indicator', scale: 'ตาชั่ง 1', reason: null },
    weigh_out: { kg: 12_000, at: '25/11/2569 14:40', source: 'manual', scale: null, reason: 'ตาชั่งขัดข้อง' },
    gross_kg: 41_250,
    tare_kg: 12_000,
    net_kg: 29_250,
    lab_values: [
      {
        measure_id: 1,
        name: 'ดิน',
        unit: '%',
        decimals: 1,
        value: 2.4,
        passed: true,
        pass_range: null,
        deduct_above: 0,
      },
    ],
    deductions: [{ name: 'ดิน', percent: 2.4, decimals: 1, kg: 702 }],
    deducted_kg: 702,
    paid_kg: 28_548,
    stored_tare_at: null,
    weight_warnings: [],
  },
  printed_at: '25/11/2569 14:41',
  follow_url: 'http://192.168.1.20:3000/Queue/data/0b7e6f3c-1c1e-4f5e-9a51-0d5f1b0c9e2a',
  language: 'th',
  photo: null,
};

/** A plate camera's picture of the truck (a 320 × 150 JPEG). */
const PLATE_JPEG = readFileSync(new URL('../../test/fixtures/plate-70-1234.jpg', import.meta.url));

/** The last row black from edge to edge: the paid weight band's bottom. */
function lastFullRow(raster: Raster): number {
  for (let y = raster.height - 1; y >= 0; y--) {
    let full = true;
    for (let x = 0; x < raster.width && full; x++) full = isBlack(raster, x, y);
    if (full) return y;
  }
  return -1;
}

/** How many of the rows between `from` and `to` hold a black dot, and the share of black dots there. */
function ink(raster: Raster, from: number, to: number) {
  let rows = 0;
  let black = 0;
  for (let y = from; y < to; y++) {
    let any = false;
    for (let x = 0; x < raster.width; x++)
      if (isBlack(raster, x, y)) {
        any = true;
        black++;
      }
    if (any) rows++;
  }
  return { rows, share: black / ((to - from) * raster.width) };
}

/** Rows black from edge to edge: the paid weight's band. */
function bandRows(raster: Raster): number {
  let rows = 0;
  for (let y = 0; y < raster.height; y++) {
    let full = true;
    for (let x = 0; x < raster.width && full; x++) full = isBlack(raster, x, y);
    if (full) rows++;
  }
  return rows;
}

describe('the printed receiving slip', () => {
  it.each(PAPER_WIDTHS)(
    'on %i mm paper: its QR opens the driver page; the paid weight is in a band',
    async (paper) => {
      const raster = await renderSlip(SLIP, paper);
      expect(raster.width).toBe(PAPER_DOTS[paper]);
      expect(scanQr(raster)).toBe(SLIP.follow_url);
      expect(scanCode128(raster)).toBeNull();
      // At least the band's margins above and below its words.
      expect(bandRows(raster)).toBeGreaterThanOrEqual(12);
    },
  );

  it('grows with what there is to say: lab values and deductions take lines, a slip without them is shorter', async () => {
    const full = await renderSlip(SLIP, 80);
    const bare = await renderSlip({ ...SLIP, slip: { ...SLIP.slip, lab_values: [], deductions: [] } }, 80);
    expect(bare.height).toBeLessThan(full.height - 60);
  });

  it('prints the confirmed warnings in lines of their own and still scans (issue 42)', async () => {
    const plain = await renderSlip(SLIP, 80);
    const flagged = await renderSlip(
      {
        ...SLIP,
        slip: {
          ...SLIP.slip,
          weigh_out: { ...SLIP.slip.weigh_out, source: 'stored_tare', reason: null },
          stored_tare_at: '20/11/2569 08:10',
          weight_warnings: ['GROSS_OVER_LEGAL', 'NET_BELOW_MIN'],
        },
      },
      80,
    );
    expect(flagged.height).toBeGreaterThan(plain.height + 40);
    expect(scanQr(flagged)).toBe(SLIP.follow_url);
    expect(slipText('th').storedTare('20/11/2569 08:10')).toContain('20/11/2569 08:10');
    expect(slipText('en').warnings.GROSS_OVER_LEGAL).toMatch(/legal/);
  });

  it("prints the camera's picture of the truck in dots, under the paid weight, and still scans (issue 42)", async () => {
    const plain = await renderSlip(SLIP, 80);
    const pictured = await renderSlip({ ...SLIP, photo: { jpeg: PLATE_JPEG, at: '25/11/2569 14:38' } }, 80);
    // Two thirds of the paper wide, 320 × 150 scaled: some 200 dots taller, with its caption.
    expect(pictured.height).toBeGreaterThan(plain.height + 180);
    expect(scanQr(pictured)).toBe(SLIP.follow_url);
    // Under the paid weight's band, past the caption: the picture, inked on most rows, its greys
    // as sparse dots (neither blank paper nor a solid block).
    const bandEnd = lastFullRow(pictured);
    const band = ink(pictured, bandEnd + 70, bandEnd + 250);
    expect(band.rows).toBeGreaterThan(150);
    expect(band.share).toBeGreaterThan(0.1);
    expect(band.share).toBeLessThan(0.6);
    // Bytes that are no picture: the slip prints as before.
    const broken = await renderSlip({ ...SLIP, photo: { jpeg: Buffer.from('not a jpeg'), at: '—' } }, 80);
    expect(broken.height).toBe(plain.height);
    expect(slipText('en').photo('14:38')).toBe('Camera picture 14:38');
  });

  it("speaks the plant's language, Thai when it has none of ours", () => {
    expect(slipText('th-TH').paid).toBe('น้ำหนักที่ใช้คิดเงิน');
    expect(slipText('ru').paid).toBe('Вес к оплате');
    expect(slipText('xx').title).toBe('ใบรับสินค้า');
  });

  it('draws Cyrillic too (a plant whose language is Russian)', async () => {
    const raster = await renderSlip({ ...SLIP, language: 'ru' }, 58);
    expect(scanQr(raster)).toBe(SLIP.follow_url);
  });
});
