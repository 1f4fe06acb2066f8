import type { TFunction } from 'i18next';
import type { ScannedText, TruckRefBody } from '@truck-queue/shared/scan/scanned-text';
import type { StationFailure } from './components/station-feedback.tsx';

/**
 * A counter's locale section: the gate, the lab and the weighbridge word their form, their
 * table and their refusals under the same key names (formTitle, queueNumber, notFound ...).
 */
export type CounterSection = 'exit' | 'lab' | 'weighing';

/** What the scan box named a truck by: a typed number, a ticket code, or a ticket's QR code. */
export type NamedTruck = Extract<ScannedText, { kind: 'number' | 'ticketCode' | 'uuid' }>;

/** A scan the counter can send: the body fields naming the truck, and what they came from. */
export interface ScannedTruck {
  ref: TruckRefBody;
  named: NamedTruck;
}

/** The truck as the officer's words name it before the server answered: its number or code. */
export function scanLabel(t: TFunction, named: NamedTruck): string {
  switch (named.kind) {
    case 'number':
      return named.queueNumber;
    case 'ticketCode':
      return named.code;
    case 'uuid':
      return t('counter.scan.thisTicket');
  }
}

/** The line under a refusal's title: the number typed, the code scanned, or the QR code scanned. */
export function scanSubject(t: TFunction, section: CounterSection, named: NamedTruck): string {
  switch (named.kind) {
    case 'number':
      return t(`${section}.typedNumber`, { n: named.queueNumber });
    case 'ticketCode':
      return t('counter.scan.scannedCode', { code: named.code });
    case 'uuid':
      return t('counter.scan.scannedQr');
  }
}

/** A scan that names no truck: a ticket code misread, or a QR code that is not a ticket's. */
export function unreadableScan(
  t: TFunction,
  scanned: Extract<ScannedText, { kind: 'misread' | 'foreignLink' }>,
): StationFailure {
  const read = t('counter.scan.read', {
    text: scanned.text.length > 60 ? `${scanned.text.slice(0, 57)}…` : scanned.text,
  });
  return scanned.kind === 'misread'
    ? { title: t('counter.scan.misread'), subject: t('counter.scan.misreadHint'), detail: read }
    : { title: t('counter.scan.foreignLink'), subject: t('counter.scan.foreignLinkHint'), detail: read };
}
