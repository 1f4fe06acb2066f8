import { useMutation } from '@tanstack/react-query';
import { inOutTransactionExport } from '@truck-queue/shared/contracts/report.contract';
import { callApi } from '../../../lib/api-client.ts';
import { downloadFile } from './download-file.ts';
import type { InOutFilter } from './query-keys.ts';

const FALLBACK_NAME = 'in-out-report.xlsx';

/** The server writes the .xlsx of every matching row; the browser then downloads it. */
export function useInOutExport() {
  return useMutation({
    mutationFn: async (filter: InOutFilter) => {
      const made = await callApi(inOutTransactionExport, filter);
      const fileName = await downloadFile(made.excel_url, FALLBACK_NAME);
      return { rows: made.rows, fileName };
    },
  });
}
