import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors.ts';
import { useOpenAlerts } from './api/use-alerts.ts';
import { AlertTable } from './alert-table.tsx';

/** The open alerts that concern the officer, live. */
export function OpenAlertsTab() {
  const { t } = useTranslation();
  const alerts = useOpenAlerts();
  return (
    <>
      {alerts.isError && (
        <Alert type="error" showIcon title={errorMessage(t, alerts.error)} style={{ marginBottom: 12 }} />
      )}
      <AlertTable rows={alerts.data?.alerts ?? []} loading={alerts.isLoading} empty={t('alerts.openEmpty')} />
    </>
  );
}
