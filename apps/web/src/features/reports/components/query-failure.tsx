import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors.ts';

/** A report that could not be loaded: why, and a retry. */
export function QueryFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={t('reports.loadFailed')}
      description={errorMessage(t, error)}
      action={
        <Button size="small" onClick={onRetry}>
          {t('reports.retry')}
        </Button>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
