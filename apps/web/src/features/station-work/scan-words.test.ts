import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { parseScannedText } from '@truck-queue/shared/scan/scanned-text';
import { scanLabel, scanSubject, unreadableScan, type NamedTruck } from './scan-words.ts';

/** Echoes the key and its values, so a test sees which text the UI would show. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

const named = (text: string) => parseScannedText(text) as NamedTruck;

describe("a counter's words for a scan", () => {
  it('names a typed number, a ticket code, or the QR code it came from', () => {
    expect(scanLabel(t, named('d001'))).toBe('D001');
    expect(scanLabel(t, named('t-016jd'))).toBe('T-016JD');
    expect(scanLabel(t, named('https://plant/Queue/data/00000000-0000-4000-8000-000000000001'))).toBe(
      'counter.scan.thisTicket',
    );
    expect(scanSubject(t, 'exit', named('D001'))).toBe('exit.typedNumber {"n":"D001"}');
    expect(scanSubject(t, 'lab', named('T-016JD'))).toBe('counter.scan.scannedCode {"code":"T-016JD"}');
    expect(scanSubject(t, 'weighing', named('00000000-0000-4000-8000-000000000001'))).toBe(
      'counter.scan.scannedQr',
    );
  });

  it('says a misread code or a foreign QR code names no truck, showing what was read', () => {
    const misread = parseScannedText('T-016JE');
    if (misread.kind !== 'misread') throw new Error('expected a misread');
    expect(unreadableScan(t, misread)).toEqual({
      title: 'counter.scan.misread',
      subject: 'counter.scan.misreadHint',
      detail: 'counter.scan.read {"text":"T-016JE"}',
    });
    const foreign = parseScannedText(`https://example.com/${'x'.repeat(80)}`);
    if (foreign.kind !== 'foreignLink') throw new Error('expected a foreign link');
    const words = unreadableScan(t, foreign);
    expect(words.title).toBe('counter.scan.foreignLink');
    expect(words.detail).toMatch(/…"}$/);
  });
});
