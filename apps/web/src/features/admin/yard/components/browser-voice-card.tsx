import { Flex, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingChoiceCard } from './setting-choice-card.tsx';

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
  return (
    <SettingChoiceCard
      name="browser-voice"
      title={t('yard.rules.voice.title')}
      description={t('yard.rules.voice.description')}
      saved={prefer}
      saving={saving}
      failure={failure}
      onSave={onSave}
      control={(chosen, choose) => (
        <Flex gap={8} align="center">
          <Switch
            checked={chosen ?? false}
            onChange={choose}
            aria-label={t('yard.rules.voice.prefer')}
            data-testid="browser-voice-switch"
          />
          <Typography.Text>{t('yard.rules.voice.prefer')}</Typography.Text>
        </Flex>
      )}
    />
  );
}
