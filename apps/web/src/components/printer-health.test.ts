import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { BranchPrinter } from '@truck-queue/shared/contracts/printing.contract';
import {
  PRINT_FAILURES,
  PRINT_STATES,
  PRINT_TARGETS,
  PRINTER_HEALTHS,
} from '@truck-queue/shared/printing/printer-status';
import th from '../locales/th.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import de from '../locales/de.json';
import it_ from '../locales/it.json';
import ru from '../locales/ru.json';
import { healthColor, printerTrouble, printOutcomeText, troubleText } from './printer-health.tsx';

const LOCALES = { th, en, es, de, it: it_, ru };

function textOf(locale: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], locale);
}

/** A t() that says which key and values it was asked for, so the tests read the mapping. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key}${JSON.stringify(values)}` : key) as unknown as TFunction;

const printer = (over: Partial<BranchPrinter>): BranchPrinter => ({
  uuid: '00000000-0000-4000-8000-000000000001',
  name: 'Kiosk A',
  print_target: 'network',
  paper_width: 80,
  health: 'ok',
  checked_at: null,
  connected: true,
  ...over,
});

describe('printer words', () => {
  it.each(Object.entries(LOCALES))('%s words every health, failure, state and target', (_lang, locale) => {
    const keys = [
      ...PRINTER_HEALTHS.flatMap((h) => [`printing.health.${h}`, `printing.advice.${h}`]),
      ...PRINT_FAILURES.map((f) => `printing.failure.${f}`),
      ...PRINT_STATES.map((s) => `printing.state.${s}`),
      ...PRINT_TARGETS.flatMap((p) => [
        `printing.target.${p}`,
        `printing.where.${p}`,
        `printing.settings.targets.${p}`,
        `printing.settings.targetHints.${p}`,
      ]),
      'printing.advice.usbDisconnected',
      'printing.failure.unknown',
    ];
    for (const key of keys) {
      const text = textOf(locale, key);
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
    }
  });

  it('colours a printer that cannot print red, a low roll orange, a ready one green', () => {
    expect(healthColor('ok')).toBe('success');
    expect(healthColor('paper_near_end')).toBe('warning');
    for (const h of ['paper_end', 'cover_open', 'offline', 'error', 'no_answer', 'unreachable'] as const)
      expect(healthColor(h)).toBe('error');
    expect(healthColor('unknown')).toBe('default');
  });

  it('warns of a printer out of paper or low, and of a USB kiosk that is not connected', () => {
    expect(printerTrouble(printer({ health: 'ok' }))).toBeNull();
    expect(printerTrouble(printer({ health: 'unknown' }))).toBeNull();
    expect(printerTrouble(printer({ health: 'paper_end' }))).toEqual({ kind: 'health', health: 'paper_end' });
    expect(printerTrouble(printer({ health: 'paper_near_end' }))).toEqual({
      kind: 'health',
      health: 'paper_near_end',
    });
    expect(printerTrouble(printer({ print_target: 'usb', connected: false }))).toEqual({
      kind: 'usbDisconnected',
    });
    // A browser-print kiosk's printer says nothing: there is nothing to warn of.
    expect(printerTrouble(printer({ print_target: 'browser', health: 'paper_end' }))).toBeNull();
  });

  it('says what to do in the banner line', () => {
    expect(troubleText(t, { kind: 'health', health: 'paper_end' })).toBe(
      'printing.troubleLine{"what":"printing.health.paper_end","advice":"printing.advice.paper_end"}',
    );
    expect(troubleText(t, { kind: 'usbDisconnected' })).toBe('printing.advice.usbDisconnected');
  });

  it('says where a print went and why it failed', () => {
    const base = { job_id: 1, printer_name: 'Kiosk A' };
    expect(printOutcomeText(t, { ...base, state: 'printed', reason: null })).toBe(
      'printing.outcome.printed{"printer":"Kiosk A"}',
    );
    expect(printOutcomeText(t, { ...base, state: 'failed', reason: 'paper_end' })).toBe(
      'printing.outcome.failed{"printer":"Kiosk A","reason":"printing.failure.paper_end"}',
    );
    expect(printOutcomeText(t, { ...base, state: 'pending', reason: null })).toBe(
      'printing.outcome.pending{"printer":"Kiosk A"}',
    );
    expect(printOutcomeText(t, { state: 'failed', reason: null, job_id: null, printer_name: null })).toBe(
      'printing.outcome.failed{"printer":"printing.thisBrowser","reason":"printing.failure.unknown"}',
    );
  });
});
