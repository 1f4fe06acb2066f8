import type { ReactNode } from 'react';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * A secret shown this once (an integration key, a webhook's signing secret): the warning that it
 * is not shown again, the secret to copy, and how the other system uses it.
 */
export function ShownOnceDialog({
  shown,
  title,
  testId,
  hint,
  onClose,
}: {
  /** The secret; null: closed. */
  shown: string | null;
  title: string;
  testId: string;
  hint: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={shown !== null}
      title={
        <Flex gap={8} align="center">
          <KeyOutlined />
          {title}
        </Flex>
      }
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('integrations.copied')}
        </Button>
      }
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Alert type="warning" showIcon title={t('integrations.shownOnce')} />
        <Typography.Paragraph
          code
          copyable={{ text: shown ?? '' }}
          style={{ wordBreak: 'break-all', marginBottom: 0 }}
          data-testid={testId}
        >
          {shown}
        </Typography.Paragraph>
        <Typography.Text type="secondary">{hint}</Typography.Text>
      </Flex>
    </Modal>
  );
}
