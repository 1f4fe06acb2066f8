import { useRef, useState, type KeyboardEvent } from 'react';
import { Button, Flex, Modal, Tag, Typography } from 'antd';
import { CarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { NumberCandidate } from '@truck-queue/shared/contracts/api';
import { useCalendar } from '../../../lib/calendar-context.tsx';
import { usePlantToday } from '../../auth/use-plant-today.ts';
import { candidateLines, nextOption } from '../truck-choice.ts';

/** A number several trucks inside hold (AMBIGUOUS_NUMBER), while the officer picks the one meant. */
export interface TruckChoice {
  /** The number as typed or scanned. */
  n: string;
  candidates: NumberCandidate[];
  /** Sends the same action again for the picked truck (its uuid). */
  pick: (candidate: NumberCandidate) => void;
}

interface TruckChooserProps {
  choice: TruckChoice | null;
  onPick: (candidate: NumberCandidate) => void;
  onCancel: () => void;
}

/**
 * Numbers restart at midnight, so yesterday's truck still inside may hold today's number: the
 * counter never guesses, the officer picks by licence. One large button per truck, the first
 * focused; the arrow keys move between them and Enter picks; Escape cancels.
 */
export function TruckChooser({ choice, onPick, onCancel }: TruckChooserProps) {
  const { t } = useTranslation();
  const buttons = useRef<(HTMLElement | null)[]>([]);
  // The last choice stays drawn while the dialog fades out after a pick or a cancel.
  const [shown, setShown] = useState(choice);
  if (choice && choice !== shown) setShown(choice);
  const today = usePlantToday();
  const calendar = useCalendar();
  const lines = shown ? candidateLines(shown.candidates, today, calendar) : [];

  const move = (index: number) => (event: KeyboardEvent) => {
    const next = nextOption(index, lines.length, event.key);
    if (next === null) return;
    event.preventDefault();
    buttons.current[next]?.focus();
  };

  return (
    <Modal
      open={choice !== null}
      title={t('counter.chooseTruck.title', { n: shown?.n ?? '' })}
      onCancel={onCancel}
      afterOpenChange={(open) => {
        if (open) buttons.current[0]?.focus();
      }}
      footer={<Button onClick={onCancel}>{t('counter.chooseTruck.cancel')}</Button>}
      destroyOnHidden
      rootClassName="truck-chooser"
      width={560}
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('counter.chooseTruck.hint')}</Typography.Text>
        <Flex vertical gap={8} role="group" aria-label={t('counter.chooseTruck.listLabel')}>
          {lines.map((line, index) => (
            <Button
              key={line.uuid}
              ref={(node) => {
                buttons.current[index] = node;
              }}
              block
              size="large"
              icon={<CarOutlined aria-hidden />}
              onClick={() => onPick(line.candidate)}
              onKeyDown={move(index)}
              data-uuid={line.uuid}
              style={{
                height: 'auto',
                padding: '10px 16px',
                justifyContent: 'flex-start',
                textAlign: 'start',
              }}
            >
              <Flex vertical align="start" style={{ minWidth: 0 }}>
                <span style={{ fontSize: 16, whiteSpace: 'normal' }}>
                  <Typography.Text strong>{line.queueNumber}</Typography.Text>
                  {' · '}
                  <Typography.Text strong>{line.licence}</Typography.Text>
                </span>
                <Typography.Text type="secondary" style={{ whiteSpace: 'normal' }}>
                  {line.queueType}
                  {' · '}
                  {t('counter.chooseTruck.issued', { time: line.issued })}
                  {line.earlierDay && (
                    <Tag color="orange" style={{ marginInlineStart: 8 }}>
                      {t('counter.chooseTruck.earlierDay')}
                    </Tag>
                  )}
                </Typography.Text>
              </Flex>
            </Button>
          ))}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('counter.chooseTruck.keys')}
        </Typography.Text>
      </Flex>
    </Modal>
  );
}
