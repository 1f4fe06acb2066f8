import type { ReactNode } from 'react';
import { Alert, Flex, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StationType } from '@truck-queue/shared/queue/queue-machine';

export interface StationOption {
  id: number;
  name: string;
  type: StationType;
}

/** An action without a station (finish, reject): what it does, and its button. */
export function ActionRow({ heading, hint, button }: { heading: string; hint: string; button: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap={16} wrap>
      <Flex vertical>
        <Typography.Text strong>{heading}</Typography.Text>
        <Typography.Text type="secondary">{hint}</Typography.Text>
      </Flex>
      {button}
    </Flex>
  );
}

interface StationSectionProps {
  heading: string;
  hint?: string | undefined;
  stations: StationOption[];
  missing: string;
  value: number | undefined;
  onChange: (id: number) => void;
  disabled: boolean;
  button: ReactNode;
}

/** An action that sends the truck somewhere: a heading, the stations to choose from (or why there are none) and the action's button. */
export function StationSection({
  heading,
  hint,
  stations,
  missing,
  value,
  onChange,
  disabled,
  button,
}: StationSectionProps) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{heading}</Typography.Text>
      {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
      {stations.length === 0 ? (
        <Alert type="warning" showIcon title={missing} />
      ) : (
        <Flex justify="space-between" align="flex-end" gap={16} wrap>
          <Radio.Group
            aria-label={t('calling.dialog.chooseStation')}
            optionType="button"
            buttonStyle="solid"
            value={value}
            onChange={(event) => onChange(event.target.value as number)}
            disabled={disabled}
            options={stations.map((s) => ({ label: s.name, value: s.id }))}
          />
          {button}
        </Flex>
      )}
    </Flex>
  );
}
