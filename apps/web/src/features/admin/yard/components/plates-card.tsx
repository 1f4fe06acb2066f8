import { useState } from 'react';
import { Alert, Button, Card, Flex, Radio, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { maskPlate } from '@truck-queue/shared/plate-mask';

interface PlatesCardProps {
  /** Whether the branch masks plates on public screens; undefined while it loads. */
  maskPlates: boolean | undefined;
  saving: boolean;
  failure: string | null;
  onSave: (maskPlates: boolean) => void;
}

/** A plate as the choices show it. */
const SAMPLE = 'กข 1234 กรุงเทพมหานคร';

/**
 * Licence plates on the branch's public screens (displays, other trucks on a driver's page):
 * masked by default ("กข 12••", shared/plate-mask.ts), or shown in full. Each choice shows a
 * plate as it would read.
 */
export function PlatesCard({ maskPlates, saving, failure, onSave }: PlatesCardProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<boolean | null>(null);
  const chosen = draft ?? maskPlates;

  return (
    <Card title={t('yard.rules.plates.title')} loading={maskPlates === undefined} data-testid="plates-card">
      <Typography.Paragraph type="secondary">{t('yard.rules.plates.description')}</Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Flex gap={16} wrap align="center">
        <Radio.Group
          value={chosen}
          onChange={(event) => setDraft(event.target.value as boolean)}
          aria-label={t('yard.rules.plates.title')}
          options={[true, false].map((mask) => ({
            value: mask,
            label: (
              <span data-testid={`plates-${mask ? 'mask' : 'full'}`}>
                {t(mask ? 'yard.rules.plates.mask' : 'yard.rules.plates.full')}{' '}
                <Typography.Text type="secondary">· {mask ? maskPlate(SAMPLE) : SAMPLE}</Typography.Text>
              </span>
            ),
          }))}
        />
        <Button
          type="primary"
          icon={<SaveOutlined aria-hidden />}
          loading={saving}
          disabled={maskPlates === undefined || chosen === maskPlates}
          onClick={() => chosen !== undefined && onSave(chosen)}
          data-testid="plates-save"
        >
          {t('common.save')}
        </Button>
      </Flex>
    </Card>
  );
}
