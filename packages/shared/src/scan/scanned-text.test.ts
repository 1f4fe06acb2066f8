import { describe, expect, it } from 'vitest';
import { toThaiLayout } from './keyboard-layout.ts';
import { parseScannedText, truckRefOf } from './scanned-text.ts';
import { encodeTicketCode } from './ticket-code.ts';

const UUID = '3f6c1a52-8d1e-4c2b-9a57-0e4d2b6f9c10';

describe('scanned text', () => {
  it('reads a typed queue number, trimmed and upper-cased', () => {
    expect(parseScannedText(' d001 ')).toEqual({ kind: 'number', queueNumber: 'D001' });
    expect(parseScannedText('AB123')).toEqual({ kind: 'number', queueNumber: 'AB123' });
  });

  it("reads the Code 128's ticket code, and a misread one as a misread", () => {
    expect(parseScannedText('T-016JD')).toEqual({ kind: 'ticketCode', code: 'T-016JD', id: 1234 });
    expect(parseScannedText('t-016jd\r\n')).toEqual({ kind: 'ticketCode', code: 'T-016JD', id: 1234 });
    expect(parseScannedText('T-016JE')).toEqual({ kind: 'misread', text: 'T-016JE' });
    expect(parseScannedText('T-01')).toEqual({ kind: 'misread', text: 'T-01' });
    // A queue type prefixed T keeps its numbers: no dash, no code.
    expect(parseScannedText('T00011')).toEqual({ kind: 'number', queueNumber: 'T00011' });
  });

  it("reads the QR code's driver page address, whatever its host and case, and a bare uuid", () => {
    for (const text of [
      `https://queue.example.co.th/Queue/data/${UUID}`,
      `http://192.168.1.20:3000/Queue/data/${UUID}/`,
      `HTTP://192.168.1.20:3000/QUEUE/DATA/${UUID.toUpperCase()}`,
      `/Queue/data/${UUID}?lang=en`,
      `http://plant.local/queue.html?id=${UUID}`,
      UUID,
    ]) {
      expect(parseScannedText(text), text).toEqual({ kind: 'uuid', uuid: UUID });
    }
  });

  it('refuses an address that is no ticket of ours', () => {
    for (const text of [
      'https://example.com/',
      'http://plant.local/Queue/data/not-a-uuid',
      `https://example.com/Queue/data/${UUID}x`,
      'www.example.com',
    ]) {
      expect(parseScannedText(text).kind, text).toBe('foreignLink');
    }
  });

  it('reads what a wedge scanner types on a PC switched to the Thai keyboard layout', () => {
    const code = encodeTicketCode(987_654);
    const typed = toThaiLayout(code);
    expect(typed).toMatch(/[\u0E00-\u0E7F]/);
    expect(parseScannedText(typed)).toEqual({ kind: 'ticketCode', code, id: 987_654 });
    expect(parseScannedText(toThaiLayout('D001'))).toEqual({ kind: 'number', queueNumber: 'D001' });
    const url = `http://192.168.1.20:3000/Queue/data/${UUID}`;
    expect(parseScannedText(toThaiLayout(url))).toEqual({ kind: 'uuid', uuid: UUID });
  });

  it('names the truck exactly one way', () => {
    expect(parseScannedText('   ')).toEqual({ kind: 'empty' });
    expect(truckRefOf(parseScannedText('D001'))).toEqual({ queue_number: 'D001' });
    expect(truckRefOf(parseScannedText('T-016JD'))).toEqual({ ticket_code: 'T-016JD' });
    expect(truckRefOf(parseScannedText(UUID))).toEqual({ uuid: UUID });
    expect(truckRefOf(parseScannedText('T-016JE'))).toBeNull();
    expect(truckRefOf(parseScannedText('https://example.com/'))).toBeNull();
    expect(truckRefOf(parseScannedText(''))).toBeNull();
  });
});
