import { Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { config } from '../../lib/config.ts';
import { currentYear } from '../../lib/format.ts';

export function AppFooter() {
  const { t } = useTranslation();
  const owner = config.companyName || t('app.name');
  return (
    <Layout.Footer style={{ textAlign: 'center', paddingBlock: 16, background: 'transparent' }}>
      <Typography.Text type="secondary">
        {t('app.footer', { year: currentYear(), name: owner })}
      </Typography.Text>
    </Layout.Footer>
  );
}
