import { useState } from 'react';
import { Alert, App } from 'antd';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REPORT_EXPORT_MAX_ROWS } from '@truck-queue/shared/contracts/report.contract';
import { errorCodeOf, errorMessage } from '../../../lib/errors.ts';
import type { ExportResult } from '../api/use-report-export.ts';

const EXPORT_MESSAGE = 'report-export';

/**
 * An Excel export as the officer follows it: "creating the file…" while the server writes it,
 * the file's name and rows once downloaded, and the failure (kept on the page) if it failed.
 */
export function useExportFeedback<F>(exporter: UseMutationResult<ExportResult, unknown, F>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [error, setError] = useState<unknown>(null);

  const start = (filter: F) => {
    if (exporter.isPending) return;
    setError(null);
    void message.open({
      key: EXPORT_MESSAGE,
      type: 'loading',
      content: t('reports.export.exporting'),
      duration: 0,
    });
    exporter.mutate(filter, {
      onSuccess: ({ rows, fileName }) =>
        void message.open({
          key: EXPORT_MESSAGE,
          type: 'success',
          content: t('reports.export.exported', { file: fileName, rows }),
          duration: 5,
        }),
      onError: (failure) => {
        message.destroy(EXPORT_MESSAGE);
        setError(failure);
      },
    });
  };

  return { start, error, clearError: () => setError(null), exporting: exporter.isPending };
}

/** Why the export failed; a period with too many rows asks for a shorter one. */
export function ExportFailure({ error, onClose }: { error: unknown; onClose: () => void }) {
  const { t } = useTranslation();
  if (error === null) return null;
  return (
    <Alert
      type="error"
      showIcon
      closable={{ onClose }}
      title={t('reports.export.failed')}
      description={
        errorCodeOf(error) === 'VALIDATION_FAILED'
          ? t('reports.export.tooMany', { max: REPORT_EXPORT_MAX_ROWS })
          : errorMessage(t, error)
      }
    />
  );
}
