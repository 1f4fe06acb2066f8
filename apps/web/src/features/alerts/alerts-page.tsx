import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { can } from '@truck-queue/shared/roles';
import { useAccess } from '../auth/api/use-access.ts';
import { AlertHistoryTab } from './alert-history-tab.tsx';
import { AlertRulesTab } from './alert-rules-tab.tsx';
import { MyAlertsTab } from './my-alerts-tab.tsx';
import { OpenAlertsTab } from './open-alerts-tab.tsx';

/**
 * /System/alerts (issue 41): the open alerts that concern the officer, their history with who
 * acknowledged each and when, the branch's rules (admins), and the officer's own LINE, quiet
 * hours and subscriptions.
 */
export function AlertsPage() {
  const { t } = useTranslation();
  const access = useAccess();
  const admin = !!access.data && can(access.data.officer.roles, 'admin');
  return (
    <Card>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'open', label: t('alerts.tabs.open'), children: <OpenAlertsTab /> },
          { key: 'history', label: t('alerts.tabs.history'), children: <AlertHistoryTab /> },
          ...(admin ? [{ key: 'rules', label: t('alerts.tabs.rules'), children: <AlertRulesTab /> }] : []),
          { key: 'mine', label: t('alerts.tabs.mine'), children: <MyAlertsTab /> },
        ]}
      />
    </Card>
  );
}
