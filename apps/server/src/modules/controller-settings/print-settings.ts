import { isIpLiteral, isPlantAddress } from '@truck-queue/shared/printing/plant-address';
import type { PaperWidth, PrinterHealth, PrintTarget } from '@truck-queue/shared/printing/printer-status';
import { AppError } from '../../lib/app-error.ts';

/** A kiosk's print settings as an admin edits them (printer/doMainPrinter); undefined keeps a value. */
export interface PrintSettings {
  target?: PrintTarget | undefined;
  host?: string | null | undefined;
  port?: number | undefined;
  paperWidth?: PaperWidth | undefined;
}

/** Where the kiosk prints now. */
export interface StoredPrintSettings {
  printTarget: PrintTarget;
  printerHost: string | null;
  printerPort: number;
}

/** The columns an edit writes. */
export interface PrintSettingsUpdate {
  printTarget?: PrintTarget;
  printerHost?: string | null;
  printerPort?: number;
  paperWidth?: PaperWidth;
  printerHealth?: PrinterHealth | null;
  printerHealthAt?: Date | null;
}

/**
 * Checks an edit of a kiosk's printing and says what to store. A network target needs a host
 * (given, or kept); an address typed as digits must be on the plant's own network (host names
 * are checked where they resolve, when the server connects: network-printer.ts). Another
 * target or address is another printer: its stored health is forgotten until it is read.
 */
export function printSettingsUpdate(
  current: StoredPrintSettings,
  wanted: PrintSettings,
): PrintSettingsUpdate {
  const target = wanted.target ?? current.printTarget;
  const host = wanted.host === undefined ? current.printerHost : wanted.host;
  const port = wanted.port ?? current.printerPort;
  if (target === 'network' && !host) {
    throw new AppError('PRINTER_HOST_REQUIRED', 'A network printer needs its address (host name or IP).');
  }
  if (wanted.host && isIpLiteral(wanted.host) && !isPlantAddress(wanted.host)) {
    throw new AppError(
      'PRINTER_ADDRESS_NOT_LOCAL',
      "The printer's address must be on the plant's own network (10.x, 172.16-31.x, 192.168.x, 169.254.x or 127.x).",
    );
  }
  const moved =
    target !== current.printTarget || host !== current.printerHost || port !== current.printerPort;
  return {
    ...(wanted.target !== undefined ? { printTarget: wanted.target } : {}),
    ...(wanted.host !== undefined ? { printerHost: wanted.host } : {}),
    ...(wanted.port !== undefined ? { printerPort: wanted.port } : {}),
    ...(wanted.paperWidth !== undefined ? { paperWidth: wanted.paperWidth } : {}),
    ...(moved ? { printerHealth: null, printerHealthAt: null } : {}),
  };
}
