import type { TFunction } from 'i18next';
import type { ExpectedWait } from '@truck-queue/shared/contracts/queue.contract';
import { waitInUnits } from '@truck-queue/shared/queue/eta';

/**
 * An expected wait for the call (issue 21) in the UI's language: "≈ 35–50 min" on a calling
 * card ('about'), "35–50 min" where the words around it say "about" ('range'); whole hours from
 * two hours on, as the driver's page says it (shared/queue/eta.ts waitInUnits).
 */
export function expectedWaitText(t: TFunction, wait: ExpectedWait, style: 'about' | 'range'): string {
  const words = waitInUnits(wait);
  return t(`expectedWait.${style}.${words.unit}`, { low: words.low, high: words.high });
}
