import { describe, expect, it } from 'vitest';
import type { BranchPrinter } from '@truck-queue/shared/contracts/printing.contract';
import type { PrinterHealth } from '@truck-queue/shared/printing/printer-status';
import { firstChoice, validChoice, BROWSER_PRINTER } from './printer-choice.tsx';

const kiosk = (
  name: string,
  print_target: BranchPrinter['print_target'],
  health: PrinterHealth,
  connected = true,
): BranchPrinter => ({
  uuid: `uuid-${name}`,
  name,
  print_target,
  paper_width: 80,
  health,
  checked_at: null,
  connected,
});

/** What the reprint offers first, as the officer sees it in the choice. */
const offered = (printers: BranchPrinter[], from: string | null) =>
  validChoice(firstChoice(printers, from), printers);

describe('the printer a reprint offers first', () => {
  it('is the kiosk the ticket came from when it can print', () => {
    const printers = [kiosk('office', 'network', 'ok'), kiosk('gate', 'network', 'paper_near_end')];
    expect(offered(printers, 'gate')).toBe('uuid-gate');
  });

  it('is a printer of the branch that can print when that kiosk is out of paper, whatever a browser kiosk listed first', () => {
    const printers = [
      // A kiosk printing through its own browser: its health is never known and it cannot print from here.
      kiosk('lobby screen', 'browser', 'unknown'),
      kiosk('gate', 'network', 'paper_end'),
      kiosk('usb desk', 'usb', 'ok', false),
      kiosk('office', 'network', 'ok'),
    ];
    expect(offered(printers, 'gate')).toBe('uuid-office');
  });

  it('stays the kiosk the ticket came from when nothing else can print, and is this computer without printers', () => {
    const printers = [kiosk('lobby screen', 'browser', 'unknown'), kiosk('gate', 'network', 'cover_open')];
    expect(offered(printers, 'gate')).toBe('uuid-gate');
    expect(offered([kiosk('lobby screen', 'browser', 'unknown')], 'lobby screen')).toBe(BROWSER_PRINTER);
    expect(offered([], null)).toBe(BROWSER_PRINTER);
  });
});
