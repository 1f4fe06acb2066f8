import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentPage } from './use-current-page.ts';

/** A protected screen that later work builds: its title and an honest empty state, no sample data. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const page = useCurrentPage();
  return (
    <Card title={page ? t(page.titleKey) : undefined}>
      <Empty description={t('placeholder.notAvailable')} style={{ paddingBlock: 48 }} />
    </Card>
  );
}
