import { Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import type { PageTitleKey } from './protected-pages.ts';

/** A public screen (device or driver page) that later work builds. */
export function PublicPlaceholderPage({ titleKey }: { titleKey: PageTitleKey }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <Flex vertical align="center" justify="center" gap={8} style={{ minHeight: '100vh', padding: 24 }}>
      <Typography.Title level={2} style={{ margin: 0, textAlign: 'center' }}>
        {title}
      </Typography.Title>
      <Empty description={t('placeholder.notAvailable')} />
    </Flex>
  );
}
