import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { kioskRecentPlates } from '@truck-queue/shared/contracts/device.contract';
import { LicenceSearchSchema, recentPlates } from '@truck-queue/shared/contracts/queue.contract';
import { plateSearchKey, visibleLength } from '@truck-queue/shared/licence';
import { callApi, type DeviceCredentials } from '../../lib/api-client.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';

/** Typing pauses this long before the search goes out. */
const TYPING_PAUSE_MS = 250;
/** A plate issued a moment ago shows within this long. */
const FRESH_MS = 30_000;

/**
 * The branch's recent plates that match what was typed: an officer's (any text, even none) or a
 * kiosk's (`device`, from `minTyped` characters on: the server refuses fewer). Nothing while the
 * text is too short or holds what no licence may.
 */
export function useRecentPlates(
  typed: string,
  options: { device?: DeviceCredentials; minTyped?: number; enabled?: boolean } = {},
): string[] {
  const { device, minTyped = 0, enabled = true } = options;
  const search = useDebouncedValue(typed, TYPING_PAUSE_MS);
  const key = plateSearchKey(search);
  const searchable =
    enabled && visibleLength(key) >= minTyped && LicenceSearchSchema.safeParse(search).success;
  const query = useQuery({
    queryKey: ['plates', 'recent', device ? 'kiosk' : 'officer', key],
    queryFn: ({ signal }) =>
      device
        ? callApi(kioskRecentPlates, { find_license: search }, { signal, device })
        : callApi(recentPlates, { find_license: search }, { signal }),
    select: (response) => response.plates,
    enabled: searchable,
    staleTime: FRESH_MS,
    retry: false,
    placeholderData: keepPreviousData,
  });
  // Fewer characters than a search needs (a kiosk before the driver types): nothing, not the last list.
  return searchable && visibleLength(plateSearchKey(typed)) >= minTyped ? (query.data ?? []) : [];
}
