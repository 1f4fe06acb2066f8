import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  acknowledgeAlert,
  alertHistory,
  linkAlertLine,
  listAlertRules,
  myAlertSettings,
  openAlerts,
  saveAlertRule,
  saveMyAlertSettings,
  unlinkAlertLine,
} from '@truck-queue/shared/contracts/alert.contract';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { callApi } from '../../../lib/api-client.ts';
import { onAlertChanges, useSocketConnected } from '../../../lib/socket.ts';

/** Every alerts query: refetched together when the server says one changed. */
const ALERTS_KEY = ['alerts'] as const;
/** Offline, the socket cannot say an alert was raised: the bell looks again this often. */
const REFRESH_MS = 30_000;

function useAlertsFollow(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return onAlertChanges(() => void queryClient.invalidateQueries({ queryKey: ALERTS_KEY }));
  }, [enabled, queryClient]);
}

/** The branch's open alerts that concern the officer (the bell, the banner, the page's first tab). */
export function useOpenAlerts(enabled = true) {
  useAlertsFollow(enabled);
  const live = useSocketConnected();
  return useQuery({
    queryKey: [...ALERTS_KEY, 'open'],
    queryFn: ({ signal }) => callApi(openAlerts, {}, { signal }),
    enabled,
    refetchInterval: live ? false : REFRESH_MS,
  });
}

export function useAlertHistory(period: { find_start: string; find_finish: string } | null) {
  useAlertsFollow(period !== null);
  return useQuery({
    queryKey: [...ALERTS_KEY, 'history', period],
    queryFn: ({ signal }) => callApi(alertHistory, period!, { signal }),
    enabled: period !== null,
  });
}

export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(acknowledgeAlert, { id }).then((r) => r.alert),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}

export function useAlertRules(enabled: boolean) {
  return useQuery({
    queryKey: [...ALERTS_KEY, 'rules'],
    queryFn: ({ signal }) => callApi(listAlertRules, {}, { signal }).then((r) => r.rules),
    enabled,
  });
}

export function useSaveAlertRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof saveAlertRule>) => callApi(saveAlertRule, body).then((r) => r.rule),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}

const MINE_KEY = [...ALERTS_KEY, 'mine'] as const;

export function useMyAlertSettings() {
  return useQuery({
    queryKey: MINE_KEY,
    queryFn: ({ signal }) => callApi(myAlertSettings, {}, { signal }).then((r) => r.settings),
  });
}

export function useSaveMyAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof saveMyAlertSettings>) =>
      callApi(saveMyAlertSettings, body).then((r) => r.settings),
    onSuccess: (settings) => queryClient.setQueryData(MINE_KEY, settings),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALERTS_KEY }),
  });
}

export function useLinkAlertLine() {
  return useMutation({ mutationFn: () => callApi(linkAlertLine, {}) });
}

export function useUnlinkAlertLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(unlinkAlertLine, {}).then((r) => r.settings),
    onSuccess: (settings) => queryClient.setQueryData(MINE_KEY, settings),
  });
}
