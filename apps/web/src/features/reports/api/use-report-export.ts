import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '@truck-queue/shared/contracts/api';
import { inOutTransactionExport, summaryReportExport } from '@truck-queue/shared/contracts/report.contract';
import { callApi } from '../../../lib/api-client.ts';
import { downloadFile } from './download-file.ts';

type ExportContract = typeof inOutTransactionExport | typeof summaryReportExport;

/** What an export gave the officer: the rows it holds and the name it was saved under. */
export interface ExportResult {
  rows: number;
  fileName: string;
}

/** The server writes the .xlsx of every matching row; the browser then downloads it. */
function useReportExport<C extends ExportContract>(contract: C, fallbackName: string) {
  return useMutation({
    mutationFn: async (filter: BodyOf<C>): Promise<ExportResult> => {
      const made = await callApi(contract, filter);
      const fileName = await downloadFile(made.excel_url, fallbackName);
      return { rows: made.rows, fileName };
    },
  });
}

export const useInOutExport = () => useReportExport(inOutTransactionExport, 'in-out-report.xlsx');
export const useSummaryExport = () => useReportExport(summaryReportExport, 'summary-report.xlsx');
