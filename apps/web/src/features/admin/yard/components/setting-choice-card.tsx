import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Flex, Radio, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** A choice of the radio group: its words, and what it would look like, after a dot. */
export interface SettingChoice<V> {
  value: V;
  label: string;
  sample: string;
}

interface SettingChoiceCardProps<V> {
  /** The card is `${name}-card`, its save button `${name}-save`, a choice `${name}-${testId(value)}`. */
  name: string;
  title: string;
  description: string;
  /** The branch's setting as saved; undefined while it loads. */
  saved: V | undefined;
  saving: boolean;
  failure: string | null;
  onSave: (value: V) => void;
  /** A radio group of these choices, labelled by the title... */
  choices?: readonly SettingChoice<V>[];
  /** The test id of a choice, after the card's name. */
  choiceTestId?: (value: V) => string;
  /** ...or another control, given the value chosen (the saved one until changed). */
  control?: (chosen: V | undefined, choose: (value: V) => void) => ReactNode;
}

/**
 * One setting of the Yard rules page: its title and what it does, the last save's failure, the
 * choice, and Save (enabled once the choice differs from what is saved).
 */
export function SettingChoiceCard<V extends string | boolean>({
  name,
  title,
  description,
  saved,
  saving,
  failure,
  onSave,
  choices = [],
  choiceTestId = String,
  control,
}: SettingChoiceCardProps<V>) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<V | null>(null);
  const chosen = draft ?? saved;

  return (
    <Card title={title} loading={saved === undefined} data-testid={`${name}-card`}>
      <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Flex gap={16} wrap align="center">
        {control ? (
          control(chosen, setDraft)
        ) : (
          <Radio.Group
            value={chosen}
            onChange={(event) => setDraft(event.target.value as V)}
            aria-label={title}
            options={choices.map((choice) => ({
              value: choice.value,
              label: (
                <span data-testid={`${name}-${choiceTestId(choice.value)}`}>
                  {choice.label} <Typography.Text type="secondary">· {choice.sample}</Typography.Text>
                </span>
              ),
            }))}
          />
        )}
        <Button
          type="primary"
          icon={<SaveOutlined aria-hidden />}
          loading={saving}
          disabled={saved === undefined || chosen === saved}
          onClick={() => chosen !== undefined && onSave(chosen)}
          data-testid={`${name}-save`}
        >
          {t('common.save')}
        </Button>
      </Flex>
    </Card>
  );
}
