import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { scorecardsExport, scorecardsReport } from '@truck-queue/shared/contracts/scorecard.contract';
import { callApi } from '../../../lib/api-client.ts';
import { queueKeys } from '../../../lib/query-keys.ts';
import { downloadFile } from '../api/download-file.ts';
import type { ExportResult } from '../api/use-report-export.ts';

export type ScorecardsQuery = Required<BodyOf<typeof scorecardsReport>>;

/** The scorecards of a period; `live` (the period reaches today) follows every queue change. */
export function useScorecards(query: ScorecardsQuery, live: boolean) {
  return useQuery({
    queryKey: live
      ? queueKeys.live('reports', 'scorecards', query)
      : (['reports', 'scorecards', query] as const),
    queryFn: ({ signal }) => callApi(scorecardsReport, query, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The same rows as an .xlsx, downloaded once the server made it. */
export function useScorecardsExport() {
  return useMutation({
    mutationFn: async (query: ScorecardsQuery): Promise<ExportResult> => {
      const made = await callApi(scorecardsExport, query);
      const fileName = await downloadFile(made.excel_url, 'scorecards.xlsx');
      return { rows: made.rows, fileName };
    },
  });
}
