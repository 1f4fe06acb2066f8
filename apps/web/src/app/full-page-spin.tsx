import { Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../lib/i18n.ts';

export function FullPageSpin({ labelKey }: { labelKey?: TranslationKey }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16} align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" />
      {labelKey && <Typography.Text type="secondary">{t(labelKey)}</Typography.Text>}
    </Flex>
  );
}

export function SigningOut() {
  return <FullPageSpin labelKey="auth.logout.signingOut" />;
}
