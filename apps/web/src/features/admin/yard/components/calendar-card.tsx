import { useState } from 'react';
import { Alert, Button, Card, Flex, Radio, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CALENDARS, type Calendar } from '@truck-queue/shared/calendar';
import { formatDate } from '../../../../lib/format.ts';
import { usePlantToday } from '../../../auth/use-plant-today.ts';

interface CalendarCardProps {
  /** The branch's calendar as saved; undefined while it loads. */
  calendar: Calendar | undefined;
  saving: boolean;
  failure: string | null;
  onSave: (calendar: Calendar) => void;
}

/**
 * The year every date of the branch is written in (shared/calendar.ts): the Buddhist era, as
 * Thai documents use, or the Common era. Each choice shows today's date as it would read.
 */
export function CalendarCard({ calendar, saving, failure, onSave }: CalendarCardProps) {
  const { t } = useTranslation();
  const today = usePlantToday();
  const [draft, setDraft] = useState<Calendar | null>(null);
  const chosen = draft ?? calendar;

  return (
    <Card title={t('yard.rules.calendar.title')} loading={calendar === undefined} data-testid="calendar-card">
      <Typography.Paragraph type="secondary">{t('yard.rules.calendar.description')}</Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Flex gap={16} wrap align="center">
        <Radio.Group
          value={chosen}
          onChange={(event) => setDraft(event.target.value as Calendar)}
          aria-label={t('yard.rules.calendar.title')}
          options={CALENDARS.map((value) => ({
            value,
            label: (
              <span data-testid={`calendar-${value}`}>
                {t(`yard.rules.calendar.${value}`)}{' '}
                <Typography.Text type="secondary">· {formatDate(today, value)}</Typography.Text>
              </span>
            ),
          }))}
        />
        <Button
          type="primary"
          icon={<SaveOutlined aria-hidden />}
          loading={saving}
          disabled={calendar === undefined || chosen === calendar}
          onClick={() => chosen && onSave(chosen)}
          data-testid="calendar-save"
        >
          {t('common.save')}
        </Button>
      </Flex>
    </Card>
  );
}
