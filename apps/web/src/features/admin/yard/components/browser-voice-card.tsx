import { useState } from 'react';
import { Alert, Button, Card, Flex, Switch, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface BrowserVoiceCardProps {
  /** The branch's setting as saved; undefined while it loads. */
  prefer: boolean | undefined;
  saving: boolean;
  failure: string | null;
  onSave: (prefer: boolean) => void;
}

/**
 * Which voice the branch's displays speak with: the voice pack the server makes (the same on
 * every machine), or a good Thai voice of the display's own browser where it has one.
 */
export function BrowserVoiceCard({ prefer, saving, failure, onSave }: BrowserVoiceCardProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<boolean | null>(null);
  const chosen = draft ?? prefer ?? false;

  return (
    <Card title={t('yard.rules.voice.title')} loading={prefer === undefined} data-testid="browser-voice-card">
      <Typography.Paragraph type="secondary">{t('yard.rules.voice.description')}</Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Flex gap={16} wrap align="center">
        <Flex gap={8} align="center">
          <Switch
            checked={chosen}
            onChange={setDraft}
            aria-label={t('yard.rules.voice.prefer')}
            data-testid="browser-voice-switch"
          />
          <Typography.Text>{t('yard.rules.voice.prefer')}</Typography.Text>
        </Flex>
        <Button
          type="primary"
          icon={<SaveOutlined aria-hidden />}
          loading={saving}
          disabled={prefer === undefined || chosen === prefer}
          onClick={() => onSave(chosen)}
          data-testid="browser-voice-save"
        >
          {t('common.save')}
        </Button>
      </Flex>
    </Card>
  );
}
