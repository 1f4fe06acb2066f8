import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import {
  erpSettings,
  goodsReceipts,
  goodsReceiptsExport,
  saveErpSettings,
} from '@truck-queue/shared/contracts/goods-receipt.contract';
import { callApi } from '../../../lib/api-client.ts';
import { saveBlob } from '../api/download-file.ts';

const RECEIPTS = ['goodsReceipts'] as const;
const ERP = ['erpSettings'] as const;

/** A plant day's goods receipts, every version; today's are read again every minute. */
export function useGoodsReceipts(day: string, live: boolean) {
  return useQuery({
    queryKey: [...RECEIPTS, day],
    queryFn: ({ signal }) => callApi(goodsReceipts, { day }, { signal }).then((r) => r.receipts),
    refetchInterval: live ? 60_000 : false,
  });
}

/** Downloads a day's receipts as the server writes the file (CSV with its BOM, or JSON). */
export function useGoodsReceiptsFile() {
  return useMutation({
    mutationFn: async (body: BodyOf<typeof goodsReceiptsExport>) => {
      const file = await callApi(goodsReceiptsExport, body);
      const type = body.format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json';
      saveBlob(new Blob([file.content], { type }), file.file_name);
      return file;
    },
  });
}

/** The branch's ERP plant code, movement type and material codes (admins). */
export function useErpSettings() {
  return useQuery({
    queryKey: ERP,
    queryFn: ({ signal }) => callApi(erpSettings, {}, { signal }).then((r) => r.settings),
  });
}

export function useSaveErpSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof saveErpSettings>) =>
      callApi(saveErpSettings, body).then((r) => r.settings),
    onSuccess: (settings) => queryClient.setQueryData(ERP, settings),
  });
}
