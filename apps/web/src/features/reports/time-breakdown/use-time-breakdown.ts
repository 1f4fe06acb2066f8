import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import {
  timeBreakdownExport,
  timeBreakdownReport,
} from '@truck-queue/shared/contracts/time-breakdown.contract';
import { callApi } from '../../../lib/api-client.ts';
import { queueKeys } from '../../../lib/query-keys.ts';
import { downloadFile } from '../api/download-file.ts';
import type { ExportResult } from '../api/use-report-export.ts';

export type TimeBreakdownQuery = Required<BodyOf<typeof timeBreakdownReport>>;

/**
 * Where the time goes over a period; `live` (the period reaches today) follows every queue
 * change, as the other reports of today do. A past period's key stays out of the subscriber's reach.
 */
export function useTimeBreakdown(query: TimeBreakdownQuery, live: boolean) {
  return useQuery({
    queryKey: live
      ? queueKeys.live('reports', 'timeBreakdown', query)
      : (['reports', 'timeBreakdown', query] as const),
    queryFn: ({ signal }) => callApi(timeBreakdownReport, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The same figures as an .xlsx, downloaded once the server made it. */
export function useTimeBreakdownExport() {
  return useMutation({
    mutationFn: async (query: TimeBreakdownQuery): Promise<ExportResult> => {
      const made = await callApi(timeBreakdownExport, query);
      const fileName = await downloadFile(made.excel_url, 'time-breakdown.xlsx');
      return { rows: made.rows, fileName };
    },
  });
}
