import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getScales } from '@truck-queue/shared/contracts/station-work.contract';
import type { ScaleLive } from '@truck-queue/shared/contracts/socket-events';
import { callApi } from '../../../lib/api-client.ts';
import { useBranchChanges, useDeviceChanges, watchScale } from '../../../lib/socket.ts';

const SCALES_KEY = ['weighing', 'scales'] as const;

/**
 * The branch's registered scales, for the weighing page to choose the one it stands at, and
 * whether the officer may type a weight by hand; read again when an admin adds, registers or
 * edits a scale, or changes who may type (not on every queue change).
 */
export function useScales() {
  const queryClient = useQueryClient();
  const reread = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: SCALES_KEY }),
    [queryClient],
  );
  useDeviceChanges(
    useCallback(
      (change) => {
        if (change.kind === 'scale') reread();
      },
      [reread],
    ),
  );
  useBranchChanges(reread);
  return useQuery({
    queryKey: SCALES_KEY,
    queryFn: ({ signal }) =>
      callApi(getScales, {}, { signal }).then((r) => ({ scales: r.scale, mayType: r.may_type })),
  });
}

const WAITING: ScaleLive = { state: 'no-signal', kg: null, raw: '', at: null };

/**
 * What the chosen scale shows now, live over the officer's socket (watchScale): `initial` (the
 * list's figure) until the first push, and no signal while the page's own connection is down,
 * since nothing then says the weight is still what it was.
 */
export function useScaleWeight(scaleUuid: string | null, initial: ScaleLive | undefined): ScaleLive {
  const [live, setLive] = useState<{ uuid: string | null; weight: ScaleLive }>({
    uuid: scaleUuid,
    weight: initial ?? WAITING,
  });
  useEffect(() => {
    if (!scaleUuid) return;
    return watchScale(
      scaleUuid,
      ({ uuid, ...weight }) => setLive({ uuid, weight }),
      () => setLive({ uuid: scaleUuid, weight: WAITING }),
    );
  }, [scaleUuid]);
  return live.uuid === scaleUuid ? live.weight : (initial ?? WAITING);
}
