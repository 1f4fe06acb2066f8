import { Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { config } from '../lib/config.ts';
import { useCalendar } from '../lib/calendar-context.tsx';
import { currentYear } from '../lib/format.ts';

export function AppFooter() {
  const { t } = useTranslation();
  const calendar = useCalendar();
  const appName = t('app.name');
  const name = config.companyName ? `${config.companyName} · ${appName}` : appName;
  return (
    <Layout.Footer style={{ textAlign: 'center', paddingBlock: 16, background: 'transparent' }}>
      <Typography.Text type="secondary">
        {t('app.footer', { year: currentYear(calendar), name })}
      </Typography.Text>
    </Layout.Footer>
  );
}
