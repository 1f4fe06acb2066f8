import { queryOptions } from '@tanstack/react-query';

/** One line of a checkbox dialog: an item of the branch, ticked when already assigned. */
export interface Choice {
  id: number;
  name: string;
  selected: boolean;
}

/**
 * A checkbox dialog's choices, loaded fresh each time it opens (another admin may have changed
 * them) and dropped when it closes.
 */
export function choicesQueryOptions(
  queryKey: readonly unknown[],
  load: (signal: AbortSignal) => Promise<Choice[]>,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => load(signal),
    staleTime: 0,
    gcTime: 0,
  });
}
