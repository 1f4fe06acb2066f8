import { PLATE_SEPARATOR } from '@truck-queue/shared/plates';

/**
 * A licence that wraps between its plates first: a tractor's and a trailer's plates
 * ("70-1234 พระนครศรีอยุธยา / 71-5678 …") go on separate lines before either is broken, and a
 * plate wider than the line still wraps rather than being cut.
 */
export function PlatesText({ licence }: { licence: string }) {
  return licence.split(PLATE_SEPARATOR).map((plate, index) => (
    <span key={index}>
      {index > 0 && ' '}
      <span style={{ display: 'inline-block', maxWidth: '100%' }}>
        {index > 0 && '/ '}
        {plate}
      </span>
    </span>
  ));
}
