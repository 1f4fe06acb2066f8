import type { DeviceKind } from '@truck-queue/shared/contracts/api';
import { useCallback, useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { branchPrinters } from '@truck-queue/shared/contracts/printing.contract';
import { callApi } from '../../../lib/api-client.ts';
import { staffSocket, useDeviceChanges, usePrinterChanges } from '../../../lib/socket.ts';
import { callingKeys } from './query-keys.ts';

/**
 * The branch's kiosks and their printers' health: the calling page's warning, and the printers
 * an officer may print a ticket on. Refetched live when a printer's health changes, a kiosk is
 * edited or (dis)connects, and on every reconnect (what changed meanwhile is unknown).
 */
export function useBranchPrinters(enabled = true) {
  const queryClient = useQueryClient();
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: callingKeys.printers }),
    [queryClient],
  );
  usePrinterChanges(refetch);
  useDeviceChanges(
    useCallback(
      (change: { kind: DeviceKind }) => {
        if (change.kind === 'printer') refetch();
      },
      [refetch],
    ),
  );
  useEffect(() => {
    const s = staffSocket();
    s.on('connect', refetch);
    return () => {
      s.off('connect', refetch);
    };
  }, [refetch]);
  return useQuery({
    queryKey: callingKeys.printers,
    queryFn: ({ signal }) => callApi(branchPrinters, {}, { signal }).then((r) => r.printers),
    staleTime: 0,
    enabled,
  });
}
