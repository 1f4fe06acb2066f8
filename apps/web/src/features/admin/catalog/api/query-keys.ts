import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** Query keys of the data-management screens (queue types, products, stations); every key starts with 'catalog'. */
export const catalogKeys = {
  all: ['catalog'] as const,
  branchQueueTypes: ['catalog', 'branchQueueTypes'] as const,
  masterQueueTypes: ['catalog', 'masterQueueTypes'] as const,
  products: ['catalog', 'products'] as const,
  allQueueTypeProducts: ['catalog', 'queueTypeProducts'] as const,
  queueTypeProducts: (branchQueueTypeId: number) =>
    ['catalog', 'queueTypeProducts', branchQueueTypeId] as const,
  stations: ['catalog', 'stations'] as const,
  allStationStates: ['catalog', 'stationStates'] as const,
  stationStates: (stationId: number) => ['catalog', 'stationStates', stationId] as const,
  flowStates: (probeStationId: number) => ['catalog', 'flowStates', probeStationId] as const,
};

/**
 * A queue type, product or station changed: refetch the given catalog lists, and mark every other
 * screen's data stale (the calling cards, the ticket dialog, the controllers and reports show
 * these names), so each refetches when it is next opened instead of showing the old names.
 */
export async function afterCatalogChange(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all([
    ...keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] !== 'catalog' && query.queryKey[0] !== 'auth',
      refetchType: 'none',
    }),
  ]);
}
