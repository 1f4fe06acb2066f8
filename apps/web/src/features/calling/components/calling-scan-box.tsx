import { useEffect, useRef, useState } from 'react';
import { Flex, Form, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NumberCandidate } from '@truck-queue/shared/contracts/api';
import type { CardQueue, ProcessCard } from '@truck-queue/shared/contracts/queue.contract';
import { CameraScanButton } from '../../../components/camera-scan-button.tsx';
import { focusQueueNumber, QueueNumberInput } from '../../station-work/components/queue-number-input.tsx';
import { TruckChooser, type TruckChoice } from '../../station-work/components/truck-chooser.tsx';
import { findScanned, type CardMatch, type ScanMatch } from '../find-scanned.ts';

const candidateOf = ({ card, queue }: CardMatch): NumberCandidate => ({
  uuid: queue.uuid,
  queue_number: queue.queue_number,
  truck_license: queue.truck_license,
  queue_type_name: card.queue_type_name,
  created: queue.created,
  queue_date: queue.queue_date,
});

/**
 * Manage Calling's scan box: a ticket scanned (its barcode or QR code, by a wedge scanner or the
 * camera) or a number typed finds the truck on the officer's cards and opens its dialog. A
 * ticket not on the cards, or called elsewhere, is said so under the box.
 */
export function CallingScanBox({
  cards,
  onFound,
}: {
  /** undefined while the cards load: a scan then waits for them (a scanner is faster than the first load). */
  cards: readonly ProcessCard[] | undefined;
  onFound: (card: ProcessCard, queue: CardQueue) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<InputRef>(null);
  const [value, setValue] = useState('');
  // A camera scan sets the box and looks it up at once, before React re-renders.
  const current = useRef('');
  const [problem, setProblem] = useState<string | null>(null);
  const [choice, setChoice] = useState<TruckChoice | null>(null);

  const set = (next: string) => {
    current.current = next;
    setValue(next);
    setProblem(null);
  };
  const open = ({ card, queue }: CardMatch) => {
    set('');
    onFound(card, queue);
  };
  /** Tells what is wrong under the box, and selects the text so the next scan replaces it. */
  const refuse = (text: string) => {
    setProblem(text);
    focusQueueNumber(input.current, true);
  };

  const problemOf = (result: Exclude<ScanMatch, { kind: 'found' | 'several' }>): string => {
    switch (result.kind) {
      case 'empty':
        return t('calling.scan.required');
      case 'unreadable':
        return result.scanned.kind === 'misread'
          ? `${t('counter.scan.misread')}. ${t('counter.scan.misreadHint')}`
          : `${t('counter.scan.foreignLink')}. ${t('counter.scan.foreignLinkHint')}`;
      case 'notOnCards':
        switch (result.scanned.kind) {
          case 'number':
            // As typed: a plate typed in Thai is never shown back as its keyboard reading.
            return t('calling.scan.numberOrPlateNotOnCards', { text: result.typed });
          case 'ticketCode':
            return t('calling.scan.codeNotOnCards', { code: result.scanned.code });
          case 'uuid':
            return t('calling.scan.ticketNotOnCards');
        }
    }
  };

  // A scan before the cards came is looked up as soon as they come.
  const pending = useRef(false);
  const findLatest = useRef<() => void>(() => undefined);

  const find = () => {
    if (!cards) {
      pending.current = true;
      return;
    }
    const result = findScanned(cards, current.current);
    switch (result.kind) {
      case 'found':
        open(result.match);
        return;
      case 'several':
        setChoice({
          n: result.typed,
          candidates: result.matches.map(candidateOf),
          pick: (candidate) => {
            const match = result.matches.find((m) => m.queue.uuid === candidate.uuid);
            if (match) open(match);
          },
        });
        return;
      case 'notOnCards':
      case 'unreadable':
      case 'empty':
        refuse(problemOf(result));
    }
  };

  useEffect(() => {
    findLatest.current = find;
  });
  useEffect(() => {
    if (pending.current && cards) {
      pending.current = false;
      findLatest.current();
    }
  }, [cards]);

  return (
    <Form component="div" layout="vertical" style={{ maxWidth: 460 }}>
      <Form.Item
        label={t('calling.scan.label')}
        htmlFor="calling-scan"
        validateStatus={problem ? 'error' : undefined}
        help={problem ?? undefined}
        style={{ marginBottom: 0 }}
      >
        <Flex gap={8}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <QueueNumberInput
              id="calling-scan"
              inputRef={input}
              value={value}
              onChange={set}
              onSubmit={find}
              placeholder={t('calling.scan.placeholder')}
              ariaLabel={t('calling.scan.label')}
              error={problem !== null}
              autoFocus={false}
            />
          </div>
          <CameraScanButton
            onScan={(text) => {
              set(text);
              find();
            }}
          />
        </Flex>
      </Form.Item>
      <TruckChooser
        choice={choice}
        onPick={(candidate) => {
          const pick = choice?.pick;
          setChoice(null);
          pick?.(candidate);
        }}
        onCancel={() => {
          setChoice(null);
          focusQueueNumber(input.current, true);
        }}
      />
    </Form>
  );
}
