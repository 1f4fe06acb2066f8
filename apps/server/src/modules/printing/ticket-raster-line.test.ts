import { describe, expect, it } from 'vitest';
import { PAPER_WIDTHS } from '@truck-queue/shared/printing/printer-status';
import { chatText, chatUrlOf } from '../notifications/line.ts';
import type { Raster } from './raster.ts';
import { renderTicket } from './ticket-raster.ts';
import { ticketInput } from './ticket-print.ts';
import { scanQr } from '../../test/ticket-scan.ts';
import { SAMPLE_TICKET } from './sample-ticket.ts';

/** The ticket's LINE QR (issue 21): a second, smaller QR of the plant's chat, only with LINE. */

const TICKET = SAMPLE_TICKET;
const CHAT_URL = chatUrlOf('@123abcde', chatText(TICKET.ticket_code, 'K7P2-QX9A'));

/** Rows [from, to) of a raster. */
function rows(raster: Raster, from: number, to: number): Raster {
  const stride = raster.width / 8;
  return { width: raster.width, height: to - from, bits: raster.bits.slice(from * stride, to * stride) };
}

describe("the ticket's LINE QR", () => {
  it('prints nothing more without LINE: the same dots as before', async () => {
    const plain = await renderTicket(TICKET, 80);
    expect((await renderTicket({ ...TICKET, line_chat_url: null }, 80)).bits).toEqual(plain.bits);
    const queue = {
      id: 1234,
      uuid: '0b7e6f3c-1c1e-4f5e-9a51-0d5f1b0c9e2a',
      queueNumber: 'A012',
      queueTypeName: 'x',
      productName: 'y',
      truckLicense: 'z',
      created: new Date(0),
      aheadAtIssue: 1,
    };
    const branch = { name: 'B', companyName: 'C', calendar: 'BE' as const };
    const settings = { companyName: '', siteTimeZone: 'Asia/Bangkok', language: 'th', publicUrl: null };
    expect(ticketInput(queue, branch, settings, 'http://h', null)).toEqual(
      ticketInput(queue, branch, settings, 'http://h'),
    );
    expect(ticketInput(queue, branch, settings, 'http://h', CHAT_URL).line_chat_url).toBe(CHAT_URL);
  });

  for (const paper of PAPER_WIDTHS) {
    it(`adds a smaller QR that opens the chat with the code typed, under the first (${paper} mm)`, async () => {
      const plain = await renderTicket(TICKET, paper);
      const line = await renderTicket({ ...TICKET, line_chat_url: CHAT_URL }, paper);
      expect(line.width).toBe(plain.width);
      expect(line.height).toBeGreaterThan(plain.height);
      // The first rows are the ticket's own, down to its QR and "scan" line; the LINE part follows.
      const stride = plain.width / 8;
      const sameRow = (y: number) =>
        line.bits.subarray(y * stride, (y + 1) * stride).every((b, x) => b === plain.bits[y * stride + x]);
      let first = 0;
      while (first < plain.height && sameRow(first)) first += 1;
      const added = line.height - plain.height;
      expect(scanQr(rows(line, 0, first))).toBe(TICKET.follow_url);
      expect(scanQr(rows(line, first, first + added))).toBe(CHAT_URL);
    });
  }
});
